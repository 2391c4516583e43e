import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import { foldSameLength } from './text-fold';

/**
 * A child or minor mentioned as a person in the turn ("a little girl", "a 12 year old",
 * "초등학생", "미성년자"). It says nothing about harm by itself: rules combine it with sexual
 * or grooming expressions (`sexual_minor`). Facts: `basis` (word | age) and `age` when given.
 */
const EN_WORDS =
  /\b(?:child|children|kids?|kiddos?|minors?|underage|under-age|toddlers?|preteens?|pre-teens?|tweens?|little\s+(?:girls?|boys?)|young\s+(?:girls?|boys?)|schoolgirls?|schoolboys?|grade\s*schoolers?|middle\s*schoolers?|elementary\s+school(?:ers?)?|lolis?|lolicon|shotas?|shotacon|jailbait|underaged)\b/g;
const EN_AGE = /\b(\d{1,2})[-\s]?(?:years?|yrs?|yr)[-\s]?olds?\b|\b(\d{1,2})\s?(?:y\/o|yo)\b/g;
const KO_WORDS =
  /(?<![가-힣])(?:어린이|어린애|어린\s?아이|어린\s?여자애|어린\s?남자애|꼬마|초등학생|초딩|중학생|중딩|여중생|남중생|여고생|남고생|고등학생|고딩|미성년자|미성년|아동|소아|유아|로리|쇼타|잼민이|여자애|남자애)/g;
/** "아이" only as the word for child, not inside 아이폰/아이돌/아이디. */
const KO_AI =
  /(?<![가-힣])(?:우리\s?|어린\s?|작은\s?)?아이(?=(?:들)?(?:가|는|를|와|랑|한테|에게|의|도|야|\s|$|[.,!?]))/g;
const KO_AGE =
  /(?<!\d)(\d{1,2})\s?(?:살|세)(?:\s?(?:짜리|여자애|남자애|아이|애|여자|남자|소녀|소년))/g;

export class MinorReferenceDetector implements TextDetector {
  readonly id = 'minor_safety.minor_reference';
  readonly subcategories = ['sexual_minor'] as const;

  detect(text: string): DetectorHit[] {
    const t = foldSameLength(text);
    const hits: DetectorHit[] = [];
    const hangul = /[가-힣]/.test(t);
    const latin = /[a-z]/.test(t);
    const digits = /\d/.test(t);
    const wordPatterns = [latin ? EN_WORDS : undefined, hangul ? KO_WORDS : undefined];
    if (hangul && t.includes('아이')) wordPatterns.push(KO_AI);
    for (const re of wordPatterns) {
      if (!re) continue;
      for (const m of t.matchAll(re)) hits.push(hit(m.index, m.index + m[0].length, {}));
    }
    const agePatterns = digits ? [latin ? EN_AGE : undefined, hangul ? KO_AGE : undefined] : [];
    for (const re of agePatterns) {
      if (!re) continue;
      for (const m of t.matchAll(re)) {
        const age = Number(m[1] ?? m[2]);
        if (age >= 18 || age < 1) continue;
        hits.push(hit(m.index, m.index + m[0].length, { age }));
      }
    }
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    return hits.filter((h, i) => i === 0 || h.start >= hits[i - 1].end);
  }
}

function hit(start: number, end: number, extra: { age?: number }): DetectorHit {
  const facts: Record<string, string | number> = {
    basis: extra.age === undefined ? 'word' : 'age',
  };
  if (extra.age !== undefined) facts.age = extra.age;
  return { subcategory: 'sexual_minor', start, end, facts };
}
