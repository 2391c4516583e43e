import { clauseBefore } from './text-fold';

/**
 * A birth year the SPEAKER gives for themself ("08년생", "2011년생이야", "born in 2012",
 * "i was born 2011", "'11 baby here", "nací en 2011", "2011年生まれ"), read against the current
 * year. The age is the LOWER bound (current year - birth year - 1: the birthday may not have
 * come yet), so "under 18" decisions err towards protecting a possible minor.
 * Input is the same-length folded text (see text-fold.ts); offsets are offsets in the original.
 */
export type BirthYearFound = { start: number; end: number; birthYear: number };

const YEAR4 = String.raw`(?:19|20)\d{2}`;

/** "born in 2011", "born 2011", "born in '11", "i was born in the year 2011". */
const EN_BORN = new RegExp(
  String.raw`\bborn\s+(?:in\s+)?(?:the\s+year\s+)?(${YEAR4}|'\d{2})(?![\d'/.:-]\d|\s*(?:s\b|-\d))`,
  'g',
);
/** "my birth year is 2011", "birth year: 2011", "year of birth 2011". */
const EN_BIRTH_YEAR = new RegExp(
  String.raw`\b(?:my\s+(?:birth\s?year|year\s+of\s+birth)(?:\s+is|\s*:)?|^(?:birth\s?year|year\s+of\s+birth)\s*(?:is|:)?)\s*(${YEAR4}|'\d{2})(?!\d)`,
  'g',
);
/** "'11 baby here", "2011 kid", "im a 2010 baby". */
const EN_YEAR_BABY = new RegExp(
  String.raw`(?<![\w'])(${YEAR4}|'\d{2})\s?(?:baby|babies|kid|born|liner)\b`,
  'g',
);
/** What may come before "born" for the birth to be the speaker's: nothing, a filler, "i was". */
const EN_SELF_BEFORE_BORN =
  /^(?:(?:hi+|hey+|hello|yo|so|well|um+|uh+|btw|lol|lmao|ok|okay|also|and|but|actually|fyi|tbh|ngl|me|me\s+too|same)[\s,]*)*(?:i\s*'?\s*m\s+|i\s+am\s+|im\s+|i\s+was\s+|we\s+were\s+|was\s+)?(?:actually\s+|literally\s+|only\s+|just\s+)?$/;
const EN_SELF_BEFORE_BABY =
  /^(?:(?:hi+|hey+|hello|yo|so|well|btw|lol|ok|okay|also|and|but|fyi)[\s,]*)*(?:i\s*'?\s*m\s+an?\s+|i\s+am\s+an?\s+|im\s+an?\s+|(?:i'?m|im|i\s+am)\s+|me:?\s*)?$/;
/** A born-year clause about an event or someone else after it: "born in 2011 was my sister". */
const EN_NOT_SELF_AFTER =
  /^\s*(?:was|were|is|are|who|that|like|by|to|into|for|and\s+(?:died|raised))\b/;

/** 08년생, 2011년생 (not 1년생/2년생: annual plants, first-year students; not 년생들: a cohort). */
const KO_BIRTH = new RegExp(String.raw`(?<![0-9])(${YEAR4}|\d{2})\s?년\s?생(?!들)`, 'g');
/** After 년생: a declarative ending ("2011년생이야", "10년생임", "09년생인데"). */
const KO_BIRTH_ENDING =
  /^\s?(?:이야|이에요|예요|에요|입니다|임|이고|인데|이라서|이라|이거든|이지롱|이얌|이당|인뎅|인디|이다|이요|이구|이라고|이지만|이에여|이예요|이니까|이니깐|이라구|이셈|이구요|이거덩)/;
/** Or the end of the clause: end of text, punctuation other than "?", laughter or emoji ("2011년생 ㅎ"). */
const KO_BIRTH_CLAUSE_END = /^\s*(?:$|[^가-힣?\s])/;
const KO_NOT_ME =
  /(?:^|\s)(?:너|넌|너는|니가|네가|당신|쟤|걔|얘|걔는|얘는)(?:\s|$)|(?:동생|아들|딸|조카|친구|애기|아기|아이|사촌|손자|손녀|제자|학생|남친|여친|오빠|언니|누나|형|엄마|아빠)(?:은|는|이|가|도|의)?\s/;

/** ja: 2011年生まれ, 平成23年生まれ is left out (era years); zh: 我2011年出生 / 我是11年的. */
const JA_BIRTH = new RegExp(String.raw`(?<![0-9])(${YEAR4}|\d{2})\s?年\s?生まれ`, 'g');
const ZH_BIRTH = new RegExp(
  String.raw`我(?:是)?\s?(${YEAR4}|\d{2})\s?年(?:出生|生|的)(?![\u4e00-\u9fff]{0,2}(?:时候|时|那年))`,
  'g',
);
const CJK_NOT_ME =
  /(?:息子|娘|弟|妹|兄|姉|子供|子ども|彼女|彼|友達|甥|姪|儿子|女儿|弟弟|妹妹|孩子|朋友|他|她)/;

/** First-person verbs in other languages: nací en, nasci em, je suis née en, ich bin ... geboren. */
const OTHER_BORN = new RegExp(
  [
    String.raw`\bnac[ií]\s+en\s+(?:el\s+(?:año\s+)?)?(${YEAR4})`,
    String.raw`\bnasci\s+em\s+(${YEAR4})`,
    String.raw`\bje\s+suis\s+n[ée]e?\s+en\s+(${YEAR4})`,
    String.raw`\bich\s+bin\s+(?:im\s+jahr\s+|jahrgang\s+)?(${YEAR4})(?:\s+geboren)?(?=\s*(?:geboren|$|[,.!]))`,
    String.raw`\bsono\s+nat[oa]\s+nel\s+(${YEAR4})`,
    String.raw`\b(?:aku|saya|gue|gw|ak)\s+lahir\s+(?:tahun\s+|thn\s+|th\s+)?(${YEAR4})`,
  ].join('|'),
  'g',
);

/** Two-digit years: the latest year not after `currentYear` (08 -> 2008, 95 -> 1995). */
export function resolveYear(raw: string, currentYear: number): number {
  const digits = raw.replace(/^'/, '');
  if (digits.length === 4) return Number(digits);
  const yy = Number(digits);
  const century = Math.floor(currentYear / 100) * 100;
  return century + yy <= currentYear ? century + yy : century - 100 + yy;
}

export function findBirthYears(t: string, currentYear: number, max: number): BirthYearFound[] {
  const out: BirthYearFound[] = [];
  const push = (start: number, end: number, raw: string): void => {
    if (out.length < max) out.push({ start, end, birthYear: resolveYear(raw, currentYear) });
  };
  if (!/\d/.test(t)) return out;
  if (t.includes('born')) {
    for (const m of t.matchAll(EN_BORN)) {
      const before = clauseBefore(t, m.index, 40).trimStart();
      if (!EN_SELF_BEFORE_BORN.test(before)) continue;
      const end = m.index + m[0].length;
      if (EN_NOT_SELF_AFTER.test(t.slice(end, end + 20))) continue;
      // a question about the year ("born in 2012? nah my brother was")
      if (/^\s*\?/.test(t.slice(end, end + 3))) continue;
      push(m.index, end, m[1]);
    }
  }
  if (/birth|year\s+of/.test(t)) {
    for (const m of t.matchAll(EN_BIRTH_YEAR)) push(m.index, m.index + m[0].length, m[1]);
  }
  if (/baby|babies|kid|born|liner/.test(t)) {
    for (const m of t.matchAll(EN_YEAR_BABY)) {
      if (!EN_SELF_BEFORE_BABY.test(clauseBefore(t, m.index, 40).trimStart())) continue;
      push(m.index, m.index + m[0].length, m[1]);
    }
  }
  if (t.includes('생')) {
    for (const m of t.matchAll(KO_BIRTH)) {
      const end = m.index + m[0].length;
      const after = t.slice(end, end + 10);
      if (!KO_BIRTH_ENDING.test(after) && !KO_BIRTH_CLAUSE_END.test(after)) continue;
      if (KO_NOT_ME.test(' ' + clauseBefore(t, m.index, 30))) continue;
      push(m.index, end, m[1]);
    }
  }
  if (t.includes('年')) {
    for (const re of [JA_BIRTH, ZH_BIRTH]) {
      for (const m of t.matchAll(re)) {
        if (CJK_NOT_ME.test(clauseBefore(t, m.index, 20))) continue;
        push(m.index, m.index + m[0].length, m[1]);
      }
    }
  }
  if (/nac|nasci|n[ée]e?\s+en|ich\s+bin|nat[oa]|lahir/.test(t)) {
    for (const m of t.matchAll(OTHER_BORN)) {
      const raw = m.slice(1).find((g) => g !== undefined);
      if (raw) push(m.index, m.index + m[0].length, raw);
    }
  }
  return out;
}
