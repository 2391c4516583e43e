import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import {
  clauseBefore,
  englishNumber,
  ENGLISH_NUMBER_PATTERN,
  foldSameLength,
  KOREAN_NATIVE_PATTERN,
  koreanNativeNumber,
} from './text-fold';
import { findBirthYears } from './birth-year';
import { findCjkAges } from './cjk-age';
import { findMultilingualAges } from './multilingual-age';

/**
 * The SPEAKER's stated age, in English and Korean. Facts: `age` (years; for school levels the
 * lowest typical age, capped at 17 because a school pupil is a minor in the typical case),
 * `basis` (number, word, grade, school, slang, turning) and `minor` (age < 18).
 *
 * English needs a first-person anchor ("i'm 14", "i am a 14 year old", "14 y/o here" at the
 * start of a clause); Korean drops subjects, so a Korean age counts unless the clause names
 * someone else ("동생이 14살") or the age is in the past ("14살 때").
 */
type Basis = 'number' | 'word' | 'grade' | 'school' | 'slang' | 'turning' | 'birth_year';
type Found = { start: number; end: number; age: number; basis: Basis; birthYear?: number };

/** The current time; injectable so tests can pin the year that birth years are read against. */
export type Clock = () => Date;

/** A birth year says little below this age (a parent talking about a baby, a year of a car). */
const MIN_BIRTH_YEAR_AGE = 5;

/** A turn that states an age more often than this says nothing new; bounds per-match work. */
const MAX_FOUND = 16;

const N = ENGLISH_NUMBER_PATTERN;
const I_AM = String.raw`(?:\bi\s?'?\s?m|\bi\s+am|\bim|\bi\s+turned|\bi\s+just\s+turned|\bwe\s?'\s?re|\bwe\s+are|\bboth\s+of\s+us\s+are)`;
const HEDGE = String.raw`(?:only|just|like|almost|nearly|barely|literally|actually|still|now|currently|finally)`;

/** "i'm 14", "i am fourteen", "im only 13", "i'm 14 years old", "i just turned 15". */
const EN_I_AM_AGE = new RegExp(String.raw`${I_AM}\s+(?:${HEDGE}\s+){0,2}(${N})(?![\d%.,:]\d)`, 'g');
/** "i am a 14 year old", "i'm a 15-year-old girl". */
const EN_I_AM_A_AGE = new RegExp(
  String.raw`${I_AM}\s+(?:${HEDGE}\s+)?an?\s+(${N})[-\s]?(?:years?|yrs?|yo)[-\s]?old`,
  'g',
);
/** "14 y/o here", "14yo", "14 years old", "16f", "15/m" at the start of a clause. */
const EN_BARE_AGE = new RegExp(
  String.raw`(?<![\w/.])(\d{1,2})\s?(?:y\s?\/\s?o|y\.o\.?|yo|yrs?\s+old|years?[-\s]old|\s?\/\s?[mf]\b|[mf](?=\s|$|[,.!]))(?![a-z])`,
  'g',
);
/** "14 (almost 15)", "13, turning 14 next month", "15 going on 16": the second is the next age. */
const EN_ALMOST =
  /(?<![\w./])(\d{1,2})\s*[(,-]?\s*(?:almost|nearly|turning|going\s+on|soon)\s+(\d{1,2})(?![\d:.%])/g;
/** "just started 9th grade", "starting 8th grade next week", "going into 7th grade" (speaker's clause). */
const EN_GRADE_START =
  /\b(?:just\s+)?(?:started|starting|start|going\s+into|entering|moving\s+up\s+to)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\s+grade\b(?!\s+(?:teacher|tutor|coach|counselor|class(?:es)?\s+(?:at|for)))/g;
/** A school the speaker will start: "i'll be in high school next year", "im starting middle school". */
const EN_SCHOOL_NEXT =
  /(?:\bi\s?'?\s?ll\s+be|\bi\s+will\s+be|\bill\s+be|(?:\bi\s?'?\s?m|\bim|\bi\s+am)\s+(?:starting|going\s+into|going\s+to|entering|gonna\s+start|about\s+to\s+start))\s+(?:in\s+)?(?:a\s+)?(high\s*school|middle\s*school|junior\s+high|freshman)\b(?!\s+(?:teacher|tutor|coach|counselor|principal|reunion)|\s+(?:in|at)\s+(?:college|uni|university))/g;
/** "teen here (15)", "me (14f)": a self-label then the age in brackets. */
const EN_PAREN_AGE = /\b(?:teen|girl|guy|boy|me|kid|student)\s+(?:here\s+)?\((\d{1,2})\s?[mf]?\)/g;
/** A profile-style intro: "hi!! 14, she/her, love anime", "15, f, from texas". */
const EN_PROFILE_AGE =
  /(?:^|[\n!.]\s*)(?:(?:hi+|hey+|hello|yo|sup)[\s!,.]*)?(\d{1,2})\s*[,|/]\s*(?:she\/her|he\/him|they\/them|[mf]\b|girl|boy|female|male|from\b|nb\b)/g;
/** "im in 7th": an ordinal school year ending the clause. */
const EN_IN_ORDINAL =
  /(?:\bi\s?'?\s?m|\bi\s+am|\bim)\s+(?:only\s+|just\s+)?in\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)(?=\s*(?:$|[,.!?]|lol|btw|rn|now|tho|and\b))/g;
/** UK/AU school years: "year 9 student here", "i'm in year 10". */
const EN_UK_YEAR =
  /\byear\s+([7-9]|1[0-3])\s+(?:student|pupil|girl|boy|here)\b|(?:\bi\s?'?\s?m|\bi\s+am|\bim)\s+(?:only\s+|just\s+)?in\s+year\s+([7-9]|1[0-3])\b/g;
/** "class of 2031": a high-school graduation year (later than any college class now). */
const EN_CLASS_OF = /\bclass\s+of\s+(?:'(\d{2})|(20\d{2}))(?!\d)/g;
/** "my age is 14", "age: 14". */
const EN_MY_AGE =
  /(?:\bmy\s+age\s+is|\bage\s*:|(?:^|[\n.!?]\s*)age\s+(?=\d{1,2}\s*(?:$|[,.!?\n])))\s*(\d{1,2})(?!\d)/g;
/** "turning 15", "i turn 15 next week", "i'll be 15 next month". */
const EN_TURNING = new RegExp(
  String.raw`(?:${I_AM}\s+(?:${HEDGE}\s+)?(?:turning|gonna\s+turn|going\s+to\s+turn|about\s+to\s+turn|gonna\s+be|going\s+to\s+be)|\bi\s+turn|\bi'?ll\s+be|\bi\s+will\s+be|^\s*(?:gonna|going\s+to)\s+(?:be|turn))\s+(${N})\b(?!\s*(?:minutes|mins|hours|days|weeks|months|%))`,
  'g',
);
/** "i'm in 8th grade", "i'm an 8th grader", "i'm in grade 8". */
const EN_GRADE = new RegExp(
  String.raw`${I_AM}\s+(?:${HEDGE}\s+)?(?:in\s+(?:the\s+)?(?:(\d{1,2})(?:st|nd|rd|th)\s+grade|grade\s+(\d{1,2}))|an?\s+(\d{1,2})(?:st|nd|rd|th)\s+grader)(?!\s+(?:teacher|tutor|coach|counselor))`,
  'g',
);
/** "i'm a freshman in high school", "i'm a high school sophomore". */
const EN_HS_YEAR = new RegExp(
  String.raw`${I_AM}\s+(?:${HEDGE}\s+)?an?\s+(?:(freshman|sophomore|junior|senior)\s+in\s+(?:high\s+school|hs)|(?:high\s+school|hs)\s+(freshman|sophomore|junior|senior))`,
  'g',
);
/** "i'm in middle school", "i go to high school", "i'm a middle schooler", "i'm a minor". */
const EN_SCHOOL = new RegExp(
  String.raw`(?:${I_AM}\s+(?:${HEDGE}\s+)?(?:in\s+|an?\s+)?|\bi\s+(?:still\s+)?go\s+to\s+)(elementary\s+school(?:er)?|primary\s+school|grade\s+school(?:er)?|middle\s*school(?:er)?|junior\s+high|high\s*school(?:er)?|a\s+minor|minor|underage|under\s+18|under\s+eighteen|a\s+teen(?:ager)?|teen(?:ager)?)\b(?!\s+(?:teacher|tutor|coach|counselor|principal|graduate|diploma|dropout|sweetheart))`,
  'g',
);

/** What may follow "i'm 14" for it to be an age ("i'm 5 minutes away" is not). */
const AGE_FOLLOWERS = new Set(
  "years year yrs yr yo y/o y.o and btw lol lmao haha hehe now rn but so too tho though already yet soon this turning going myself ok okay ya yeah actually bro sis dude girl boy guy male female m f from living i im i'm if with who that is can dont don't idk pls please in here and xd omg also lmfao right fyi tbh ngl next".split(
    ' ',
  ),
);
/** A pet or a thing the age belongs to: "14 y/o cat", "15 year old laptop". */
const NOT_A_PERSON_AFTER =
  /^\s*(?:cat|cats|dog|dogs|kitty|kitten|puppy|pup|horse|bunny|hamster|parrot|turtle|car|truck|laptop|computer|pc|phone|house|tree|guitar)\b/;
/** "my parents think im too young to date at 14": an age after "too young ... at". */
const EN_TOO_YOUNG_AT =
  /(?:\bi\s?'?\s?m|\bi\s+am|\bim)\s+(?:way\s+|still\s+|so\s+)?too\s+young\b[^.!?\n]{0,30}?\bat\s+(\d{1,2})(?![\d:.%])/g;
/** What may not follow "14 years" ("14 years ago", "14 years of experience"). */
const YEARS_NOT_AGE =
  /^\s*(?:ago|of|into|in|since|experience|experienced|married|clean|sober|late|older|younger|apart|behind|away|out|left|from|at|with|on|working|later|before|after|old\s+(?:car|house|dog|cat|son|daughter|brother|sister|kid|child))\b/;

const SCHOOL_AGE: Record<string, number> = {
  elementary: 7,
  primary: 7,
  grade: 7,
  middle: 12,
  junior: 12,
  high: 14,
};
const HS_YEAR_AGE: Record<string, number> = { freshman: 14, sophomore: 15, junior: 16, senior: 17 };

const EN_NUMBER_WORD =
  /teen|twenty|thirty|forty|fifty|sixty|seventy|\b(?:six|seven|eight|nine|ten|eleven|twelve)\b/;
const EN_SCHOOL_WORD =
  /school|grade|minor|underage|under\s|teen|junior\s+high|freshman|sophomore|junior|senior/;

// ----- Korean -----
const KO_DIGIT_AGE = /(?<!\d)(?:만\s?)?(\d{1,2})\s?(살|세)(?![가-힣]{0,4}\s?(?:때|적|시절))/g;
/** "내 나이는 14", "나이: 15", "제 나이 14살". */
const KO_AGE_IS =
  /(?:^|[^가-힣])(?:(?:내|제|우리)\s?)?나이(?:는|가|:)?\s*(\d{1,2})(?:\s?(?:살|세))?(?!\d)/g;
const KO_WORD_AGE = new RegExp(String.raw`(?<![가-힣])(${KOREAN_NATIVE_PATTERN})\s?살`, 'g');
/** A US-style school year in Korean: "10학년이야" (7-12 only: 1-6학년 may be a university year). */
const KO_US_GRADE =
  /(?<![\d가-힣])(7|8|9|10|11|12)\s?학년(?=\s?(?:이야|이에요|예요|임|인데|이고|입니다|이라|이얌|이당|$|[,.!?(]))/g;
/** 중2, 고1, 초6 (not 중2병, not 최고1). */
const KO_GRADE = /(?<![가-힣A-Za-z0-9])(초|중|고)\s?([1-6])(?:학년)?(?![0-9]|\s?병)/g;
/**
 * The same school years typed with the initial consonant alone ("ㅈ2인데", "ㄱ1임"): only before
 * a copula, since a bare "ㄱ1" is as often a game or a list item.
 */
const KO_GRADE_INITIAL =
  /(?<![가-힣ㄱ-ㅎA-Za-z0-9])(ㅊ|ㅈ|ㄱ)\s?([1-6])(?=\s?(?:인데|이야|임|이에요|예요|입니다|이고|이라|이당|이얌|인\s?(?:데|거|애)))/g;
const KO_GRADE_LETTER: Record<string, string> = { ㅊ: '초', ㅈ: '중', ㄱ: '고' };
const KO_SCHOOL =
  /(?<![가-힣])(초등학생|초등학교|초딩|중학생|중학교|중딩|고등학생|고등학교|고딩|여중생|남중생|여고생|남고생|급식이|급식|잼민이)/g;
/** Korean declarative endings that make "중학생" a self-description ("중학생이야", "고딩임"). */
const KO_DECLARATIVE =
  /^\s?(?:이야|이에요|예요|에요|입니다|임|이고|인데|이라서|이라|이거든|이거덩|이지롱|야|인뎅|인디|이다|이얌|이당|인데요|이구|이라고|\s?[1-3]\s?학년|다니|다녀|다님|다녀요|다닙니다|생이)/;
const KO_SCHOOL_AGE: Record<string, number> = {
  초등학생: 7,
  초등학교: 7,
  초딩: 7,
  중학생: 13,
  중학교: 13,
  중딩: 13,
  여중생: 13,
  남중생: 13,
  고등학생: 16,
  고등학교: 16,
  고딩: 16,
  여고생: 16,
  남고생: 16,
  급식: 13,
  급식이: 13,
  잼민이: 10,
};
const KO_GRADE_BASE: Record<string, number> = { 초: 6, 중: 12, 고: 15 };

/** Someone else is the subject of the clause: "동생이", "우리 딸은", "my brother". */
const KO_OTHER_SUBJECT =
  /(?:동생|형|오빠|누나|언니|아들|딸|친구|조카|사촌|남친|여친|남자친구|여자친구|애기|아기|아이|애|걔|얘|쟤|그|그녀|엄마|아빠|선배|후배|학생|손자|손녀|사람|제자|조카)(?:들)?(?:은|는|이|가|도|께서|랑|의)?\s*(?:올해\s*|지금\s*|이제\s*|벌써\s*|다\s*|모두\s*|전부\s*)?(?:[가-힣]{0,6}\s*)?$/;
const KO_FIRST_PERSON = /(?:^|\s)(?:나|난|내가|저|전|제가|나는|저는)(?:\s|$)/;
const KO_PAST_OR_OTHER_AFTER =
  /^\s?(?:담임|선생|쌤|교사|과외|학부모|엄마|아빠|자녀|아들|딸|때|적|시절|이었|였|차이|연상|연하|어린|많은|짜리|부터|까지|전에|후에|정도\s?된|된\s|인\s?(?:동생|아들|딸|애|아이)|(?:조카|남동생|여동생|동생|사촌|손자|손녀|애기|아기)|이\s?넘|가\s?넘|이상|이하|미만|넘|관람|이용가|등급|용\b)/;
/** A parent or teacher of the one the age belongs to, later in the clause. */
const KO_PARENT_AFTER =
  /^[^.!?\n]{0,10}?(?:딸|아들|자녀|애|아이|조카|학생들?)\s?(?:엄마|아빠|맘|부모|학부모|둔|키우|가르치)|^[^.!?\n]{0,10}?(?:학부모|담임|가르치)/;
/** A school year used as a noun's modifier ("중1 수학 문제", "고1 모의고사", "중2 애들 가르쳐"). */
const KO_GRADE_MODIFIES =
  /^\s?(?:수학|영어|국어|과학|사회|역사|문제|교과|모의고사|모고|시험|내신|과정|수준|교실|반\s|애들|아이들|학생들|학생|남학생|여학생|제자|아이|애기|동생|조카|딸|아들|때|과외|학원\s?선생|필수|권장|추천|단어|영단어|정도|올라가는|되는|짜리)/;

export class AgeDetector implements TextDetector {
  readonly id = 'minor_safety.age';
  readonly subcategories = ['minor_disclosed'] as const;

  constructor(private readonly clock: Clock = () => new Date()) {}

  detect(text: string): DetectorHit[] {
    const folded = foldSameLength(text);
    const found: Found[] = [];
    if (/[a-z]/.test(folded)) this.english(folded, found);
    if (/[가-힣]/.test(folded)) this.korean(folded, found);
    if (/[\u3040-\u30ff\u4e00-\u9fff]/.test(folded)) {
      for (const f of findCjkAges(folded, MAX_FOUND - found.length)) found.push(f);
    }
    for (const f of findMultilingualAges(folded, MAX_FOUND - found.length)) found.push(f);
    this.birthYears(folded, found);
    return toHits(dropTakenBack(folded, found));
  }

  /**
   * "08년생", "born in 2012", "'11 baby": the age is the lower bound (current year - birth
   * year - 1), so a user who may still be 17 counts as a minor.
   */
  private birthYears(t: string, out: Found[]): void {
    if (out.length >= MAX_FOUND) return;
    const year = this.clock().getUTCFullYear();
    if (t.includes('class')) {
      for (const m of t.matchAll(EN_CLASS_OF)) {
        const grad = m[2] !== undefined ? Number(m[2]) : 2000 + Number(m[1]);
        // a class graduating 5+ years from now is still in middle school or younger
        if (grad - year < 5 || grad - year > 12 || !this.speakerClause(t, m.index)) continue;
        add(out, m.index, m.index + m[0].length, 17 - (grad - year), 'grade');
      }
    }
    for (const f of findBirthYears(t, year, MAX_FOUND - out.length)) {
      const age = year - f.birthYear - 1;
      if (age < MIN_BIRTH_YEAR_AGE) continue;
      out.push({ start: f.start, end: f.end, age, basis: 'birth_year', birthYear: f.birthYear });
    }
  }

  private english(t: string, out: Found[]): void {
    // Cheap gates: most turns have neither a number nor a school word, so skip the patterns.
    const hasDigit = /\d/.test(t);
    if (hasDigit || EN_NUMBER_WORD.test(t)) this.englishNumbers(t, hasDigit, out);
    if (EN_SCHOOL_WORD.test(t)) this.englishSchool(t, out);
  }

  private englishNumbers(t: string, hasDigit: boolean, out: Found[]): void {
    // Each pattern runs only when a word it cannot match without occurs in the turn: a
    // substring test is far cheaper than the pattern's scan, and most turns have none of them.
    if (t.includes('old')) {
      for (const m of t.matchAll(EN_I_AM_A_AGE)) {
        if (out.length >= MAX_FOUND) return;
        const age = englishNumber(m[1]);
        if (age !== undefined) add(out, m.index, m.index + m[0].length, age, 'number');
      }
    }
    for (const m of t.matchAll(EN_I_AM_AGE)) {
      if (out.length >= MAX_FOUND) return;
      const age = englishNumber(m[1]);
      if (age === undefined || age < 6) continue;
      const end = m.index + m[0].length;
      if (!this.ageFollows(t, end)) continue;
      // a comparison ("treats me like i'm 14") or a past birthday dated by its year ("i turned 14 in 2009")
      if (/\b(?:like|as\s+if|as\s+though)\s*$/.test(t.slice(Math.max(0, m.index - 12), m.index)))
        continue;
      if (
        /turned/.test(m[0]) &&
        /^\s*(?:in|back|when|during|ago|years|last)\b/.test(t.slice(end, end + 12))
      )
        continue;
      add(out, m.index, end, age, /\d/.test(m[1]) ? 'number' : 'word');
    }
    if (t.includes('turn') || t.includes('be')) {
      for (const m of t.matchAll(EN_TURNING)) {
        if (out.length >= MAX_FOUND) return;
        const next = englishNumber(m[1]);
        if (next === undefined || next < 7) continue;
        add(out, m.index, m.index + m[0].length, next - 1, 'turning');
      }
    }
    if (!hasDigit) return;
    for (const m of t.matchAll(EN_BARE_AGE)) {
      if (out.length >= MAX_FOUND) return;
      const age = Number(m[1]);
      if (age < 6) continue;
      const end = m.index + m[0].length;
      if (YEARS_NOT_AGE.test(t.slice(end, end + 30))) continue;
      if (NOT_A_PERSON_AFTER.test(t.slice(end, end + 12))) continue;
      if (!this.speakerClause(t, m.index)) continue;
      add(out, m.index, end, age, 'number');
    }
    if (t.includes('age')) {
      for (const m of t.matchAll(EN_MY_AGE)) {
        if (out.length >= MAX_FOUND) return;
        add(out, m.index, m.index + m[0].length, Number(m[1]), 'number');
      }
    }
    if (t.includes('(')) {
      for (const m of t.matchAll(EN_PAREN_AGE)) {
        if (out.length >= MAX_FOUND) return;
        add(out, m.index, m.index + m[0].length, Number(m[1]), 'number');
      }
    }
    if (/\d\s*[,|/]/.test(t)) {
      for (const m of t.matchAll(EN_PROFILE_AGE)) {
        if (out.length >= MAX_FOUND) return;
        const start = m.index + m[0].indexOf(m[1]);
        add(out, start, m.index + m[0].length, Number(m[1]), 'number');
      }
    }
    if (/\d(?:st|nd|rd|th)/.test(t)) {
      for (const m of t.matchAll(EN_IN_ORDINAL)) {
        if (out.length >= MAX_FOUND) return;
        const grade = Number(m[1]);
        if (grade < 1 || grade > 12) continue;
        add(out, m.index, m.index + m[0].length, Math.min(17, grade + 5), 'grade');
      }
    }
    if (t.includes('young')) {
      for (const m of t.matchAll(EN_TOO_YOUNG_AT)) {
        if (out.length >= MAX_FOUND) return;
        const end = m.index + m[0].length;
        if (/^\s*(?:am|pm|o'?clock|min|hours?|%)/.test(t.slice(end, end + 8))) continue;
        add(out, m.index, end, Number(m[1]), 'number');
      }
    }
    if (/almost|nearly|turning|going|soon/.test(t)) {
      for (const m of t.matchAll(EN_ALMOST)) {
        if (out.length >= MAX_FOUND) return;
        const age = Number(m[1]);
        if (Number(m[2]) !== age + 1 || age < 6) continue;
        if (!this.speakerClause(t, m.index)) continue;
        add(out, m.index, m.index + m[0].length, age, 'number');
      }
    }
    if (t.includes('grade')) {
      for (const m of t.matchAll(EN_GRADE_START)) {
        if (out.length >= MAX_FOUND) return;
        const before = clauseBefore(t, m.index, 30).trim();
        if (
          !/^(?:(?:so|well|lol|ok|okay|btw|ugh|and|but|also)[\s,]*)*(?:i|i\s+just|i'?ve|i\s+have|i'?m|im|i\s+am)?$/.test(
            before,
          )
        )
          continue;
        const grade = Number(m[1]);
        if (grade < 1 || grade > 12) continue;
        add(out, m.index, m.index + m[0].length, Math.min(17, grade + 5), 'grade');
      }
    }
    if (t.includes('year')) {
      for (const m of t.matchAll(EN_UK_YEAR)) {
        if (out.length >= MAX_FOUND) return;
        if (m[1] !== undefined && !this.speakerClause(t, m.index)) continue;
        add(out, m.index, m.index + m[0].length, Number(m[1] ?? m[2]) + 4, 'grade');
      }
    }
    if (t.includes('grade')) {
      for (const m of t.matchAll(EN_GRADE)) {
        if (out.length >= MAX_FOUND) return;
        const grade = Number(m[1] ?? m[2] ?? m[3]);
        if (grade < 1 || grade > 12) continue;
        add(out, m.index, m.index + m[0].length, Math.min(17, grade + 5), 'grade');
      }
    }
  }

  private englishSchool(t: string, out: Found[]): void {
    for (const m of t.matchAll(EN_SCHOOL_NEXT)) {
      if (out.length >= MAX_FOUND) return;
      add(out, m.index, m.index + m[0].length, /middle|junior/.test(m[1]) ? 10 : 13, 'school');
    }
    for (const m of t.matchAll(EN_HS_YEAR)) {
      if (out.length >= MAX_FOUND) return;
      add(out, m.index, m.index + m[0].length, HS_YEAR_AGE[m[1] ?? m[2]], 'grade');
    }
    for (const m of t.matchAll(EN_SCHOOL)) {
      if (out.length >= MAX_FOUND) return;
      const what = m[1].replace(/^an?\s+/, '');
      const first = /^(?:elementary|primary|grade|middle|junior|high)/.exec(what)?.[0] ?? '';
      const age = /minor|underage|under/.test(what)
        ? 17
        : /teen/.test(what)
          ? 13
          : SCHOOL_AGE[first];
      if (age === undefined) continue;
      add(
        out,
        m.index,
        m.index + m[0].length,
        age,
        /teen|minor|under/.test(what) ? 'word' : 'school',
      );
    }
  }

  /** After "i'm 14": end of text, punctuation, an emoji, or a word that continues an age. */
  private ageFollows(t: string, end: number): boolean {
    const rest = t.slice(end, end + 40);
    const word = /^\s*([a-z'/.]+)/.exec(rest);
    if (!word) return /^\s*(?:$|[^\w])/.test(rest) && !/^\s*[-:/]\s*\d/.test(rest);
    const w = word[1].replace(/[.]+$/, '');
    if (!AGE_FOLLOWERS.has(w)) return false;
    if (/^(?:years?|yrs?|yr)$/.test(w) && YEARS_NOT_AGE.test(rest.slice(word[0].length)))
      return false;
    return true;
  }

  /** "14 y/o here" counts at the start of a clause, after a greeting, or after "i'm"/"me:". */
  private speakerClause(t: string, index: number): boolean {
    const before = clauseBefore(t, index).trim();
    if (before === '') return true;
    if (/(?:^|\s)(?:i'?m|i\s+am|im|me|i'?m\s+a|i\s+am\s+a|im\s+a)$/.test(before)) return true;
    return /^(?:hi+|hey+|hello|yo|sup|so|well|um+|uh+|btw|lol|ok|okay|also|and|but|actually|asl)[\s,]*$/.test(
      before,
    );
  }

  private korean(t: string, out: Found[]): void {
    const hasDigit = /\d/.test(t);
    if (hasDigit || t.includes('살')) this.koreanAges(t, hasDigit, out);
    if (/학생|학교|딩|급식|잼민/.test(t)) this.koreanSchool(t, out);
  }

  private koreanAges(t: string, hasDigit: boolean, out: Found[]): void {
    for (const m of t.matchAll(KO_DIGIT_AGE)) {
      if (out.length >= MAX_FOUND) return;
      const end = m.index + m[0].length;
      if (!this.koreanSpeaker(t, m.index, end)) continue;
      add(out, m.index, end, Number(m[1]), 'number');
    }
    if (hasDigit && t.includes('나이')) {
      for (const m of t.matchAll(KO_AGE_IS)) {
        if (out.length >= MAX_FOUND) return;
        const start =
          m.index + (m[0].length - m[0].trimStart().length) + (/^[^가-힣\s]/.test(m[0]) ? 1 : 0);
        const end = m.index + m[0].length;
        if (!this.koreanSpeaker(t, start, end)) continue;
        add(out, start, end, Number(m[1]), 'number');
      }
    }
    if (t.includes('살')) this.koreanWordAges(t, out);
    if (hasDigit) this.koreanGrades(t, out);
  }

  private koreanWordAges(t: string, out: Found[]): void {
    for (const m of t.matchAll(KO_WORD_AGE)) {
      if (out.length >= MAX_FOUND) return;
      const age = koreanNativeNumber(m[1]);
      if (age === undefined || age < 6) continue;
      const end = m.index + m[0].length;
      if (!this.koreanSpeaker(t, m.index, end)) continue;
      add(out, m.index, end, age, 'word');
    }
  }

  private koreanGrades(t: string, out: Found[]): void {
    if (t.includes('학년')) {
      for (const m of t.matchAll(KO_US_GRADE)) {
        if (out.length >= MAX_FOUND) return;
        const end = m.index + m[0].length;
        if (!this.koreanSpeaker(t, m.index, end)) continue;
        add(out, m.index, end, Math.min(17, Number(m[1]) + 5), 'grade');
      }
    }
    for (const m of [...t.matchAll(KO_GRADE), ...t.matchAll(KO_GRADE_INITIAL)]) {
      if (out.length >= MAX_FOUND) return;
      const school = KO_GRADE_LETTER[m[1]] ?? m[1];
      const grade = Number(m[2]);
      if (school !== '초' && grade > 3) continue;
      const end = m.index + m[0].length;
      if (KO_GRADE_MODIFIES.test(t.slice(end, end + 8))) continue;
      if (!this.koreanSpeaker(t, m.index, end)) continue;
      add(out, m.index, end, Math.min(17, KO_GRADE_BASE[school] + grade), 'grade');
    }
  }

  private koreanSchool(t: string, out: Found[]): void {
    for (const m of t.matchAll(KO_SCHOOL)) {
      if (out.length >= MAX_FOUND) return;
      const word = m[1];
      const end = m.index + m[0].length;
      const after = t.slice(end, end + 8);
      const slang = word.startsWith('급식') || word === '잼민이';
      // School words are also insults ("초딩같네") and nouns ("급식 먹었어"): only a
      // self-description counts, and slang needs an explicit "나/저".
      if (!KO_DECLARATIVE.test(after) && !/^\s?(?:\d\s?학년|[1-6]\s?학년)/.test(after)) continue;
      if (/^\s?(?:같|처럼|냐|니\?)/.test(after)) continue;
      // "고등학교 3학년 담임", "중학교 2학년 수학": the year modifies a noun
      const year = /^\s?\d\s?학년/.exec(after);
      if (year) {
        const rest = t.slice(end + year[0].length, end + year[0].length + 8);
        if (KO_PAST_OR_OTHER_AFTER.test(rest) || KO_GRADE_MODIFIES.test(rest)) continue;
      }
      if (!this.koreanSpeaker(t, m.index, end)) continue;
      const clause = clauseBefore(t, m.index, 30);
      if (slang && !KO_FIRST_PERSON.test(' ' + clause)) continue;
      const basis: Basis = slang || /딩$/.test(word) ? 'slang' : 'school';
      add(out, m.index, end, KO_SCHOOL_AGE[word], basis);
    }
  }

  /** Not in the past ("14살 때"), not an age gap, and no one else is the subject. */
  private koreanSpeaker(t: string, start: number, end: number): boolean {
    if (KO_PAST_OR_OTHER_AFTER.test(t.slice(end, end + 8))) return false;
    // "고3 수험생 딸 엄마예요": the school year is the child's, the speaker the parent
    if (KO_PARENT_AFTER.test(t.slice(end, end + 16))) return false;
    const clause = clauseBefore(t, start, 30);
    if (KO_FIRST_PERSON.test(' ' + clause)) return true;
    if (/\b(?:my|his|her|their|our|your)\s+\w+\s*(?:is|was)?\s*$/.test(clause)) return false;
    return !KO_OTHER_SUBJECT.test(clause);
  }
}

/** Between a minor age and a later adult one: the speaker takes the first back. */
const TAKE_BACK =
  /\b(?:no|nah|nope|jk|just\s+kidding|kidding|lol\s+no|actually|mentira|broma|es\s+broma|brincadeira|mentira|non|blague|je\s+rigole|nein|spa(?:ss|ß)|scherzo|bercanda|nggak|gak)\b|아니|농담|구라|뻥|장난/i;

/**
 * "tengo 15 jaja no, mentira, tengo 30", "im 14 jk im 25": a minor age followed by an adult age
 * with a take-back word between is not a disclosure. The other way round ("07년생 아니
 * 11년생이야") the later, minor age stays.
 */
function dropTakenBack(t: string, found: Found[]): Found[] {
  if (found.length < 2) return found;
  return found.filter(
    (f) =>
      f.age >= 18 ||
      !found.some(
        (g) => g.age >= 18 && g.start >= f.end && TAKE_BACK.test(t.slice(f.end, g.start)),
      ),
  );
}

function add(out: Found[], start: number, end: number, age: number, basis: Basis): void {
  if (!Number.isFinite(age) || age < 1 || age > 99) return;
  out.push({ start, end, age, basis });
}

/** One hit per place: where patterns overlap, the earliest, longest match wins. */
function toHits(found: Found[]): DetectorHit[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const hits: DetectorHit[] = [];
  let lastEnd = -1;
  for (const f of found) {
    if (f.start < lastEnd) continue;
    hits.push({
      subcategory: 'minor_disclosed',
      start: f.start,
      end: f.end,
      facts:
        f.birthYear === undefined
          ? { age: f.age, basis: f.basis, minor: f.age < 18 }
          : { age: f.age, basis: f.basis, minor: f.age < 18, birthYear: f.birthYear },
    });
    lastEnd = f.end;
  }
  return hits;
}
