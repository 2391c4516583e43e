/**
 * The speaker's age stated with a first-person verb in other languages, in digits or number
 * words: "tengo quince años", "tenho 13 aninhos", "j'ai quatorze ans", "ich bin vierzehn",
 * "ho quindici anni", "мне четырнадцать лет", "ik ben 14 jaar", "mam 14 lat", "aku 13 tahun",
 * "em 14 tuổi". The verbs are first person, so others' ages ("mi hijo tiene 14") never match;
 * durations and experience after the age ("j'ai 13 ans d'expérience", "tengo 14 años en este
 * trabajo") are skipped. Input is the same-length folded text (lower case).
 */
export type MultilingualAgeFound = {
  start: number;
  end: number;
  age: number;
  basis: 'number' | 'word' | 'turning' | 'grade';
};

const WORDS: Record<string, number> = {};
const add = (n: number, ...ws: string[]): void => ws.forEach((w) => (WORDS[w] = n));
add(6, 'seis', 'six', 'sechs', 'sei', 'шесть', 'zes');
add(7, 'siete', 'sete', 'sept', 'sieben', 'sette', 'семь', 'zeven');
add(8, 'ocho', 'oito', 'huit', 'acht', 'otto', 'восемь');
add(9, 'nueve', 'nove', 'neuf', 'neun', 'девять', 'negen');
add(10, 'diez', 'dez', 'dix', 'zehn', 'dieci', 'десять', 'tien');
add(11, 'once', 'onze', 'elf', 'undici', 'одиннадцать');
add(12, 'doce', 'doze', 'douze', 'zwölf', 'zwoelf', 'dodici', 'двенадцать', 'twaalf');
add(13, 'trece', 'treze', 'treize', 'dreizehn', 'tredici', 'тринадцать', 'dertien');
add(14, 'catorce', 'quatorze', 'catorze', 'vierzehn', 'quattordici', 'четырнадцать', 'veertien');
add(15, 'quince', 'quinze', 'fünfzehn', 'funfzehn', 'quindici', 'пятнадцать', 'vijftien');
add(
  16,
  'dieciséis',
  'dieciseis',
  'dezesseis',
  'dezasseis',
  'seize',
  'sechzehn',
  'sedici',
  'шестнадцать',
  'zestien',
);
add(
  17,
  'diecisiete',
  'dezessete',
  'dezassete',
  'dix-sept',
  'dix sept',
  'siebzehn',
  'diciassette',
  'семнадцать',
  'zeventien',
);
add(
  18,
  'dieciocho',
  'dezoito',
  'dix-huit',
  'dix huit',
  'achtzehn',
  'diciotto',
  'восемнадцать',
  'achttien',
);
add(
  19,
  'diecinueve',
  'dezenove',
  'dezanove',
  'dix-neuf',
  'dix neuf',
  'neunzehn',
  'diciannove',
  'девятнадцать',
  'negentien',
);
add(20, 'veinte', 'vinte', 'vingt', 'zwanzig', 'venti', 'двадцать', 'twintig');

/** Digits, or one word (two for the French dix-sept/huit/neuf) looked up in WORDS after the match. */
const NUM = String.raw`(\d{1,2}|dix[-\s](?:sept|huit|neuf)|\p{L}{3,14})`;
const B = String.raw`(?<![\p{L}\d])`;
const E = String.raw`(?![\p{L}\d])`;

/**
 * Each pattern with the cues one of which it cannot match without (its verb or age noun): a
 * substring test is far cheaper than the pattern's Unicode-aware scan, which cannot skip ahead
 * because it opens with a lookbehind. The folded text is lower case in ASCII only, so cues with
 * other letters are listed in each case.
 */
const PATTERNS: { cues: readonly string[]; pattern: RegExp }[] = [
  // es / pt
  {
    cues: ['tengo', 'cumpl'],
    pattern: String.raw`${B}(?:yo\s+)?(?:tengo|cumplo|cumplí|cumpli)\s+(?:solo\s+|sólo\s+|apenas\s+|ya\s+|recién\s+)?${NUM}\s+(?:años|anos|añitos|anitos)${E}`,
  },
  {
    cues: ['tenho', 'fiz'],
    pattern: String.raw`${B}(?:eu\s+)?(?:tenho|fiz)\s+(?:só\s+|so\s+|apenas\s+)?${NUM}\s+(?:anos|aninhos)${E}`,
  },
  // es: "tengo trece" ending the clause, without años
  {
    cues: ['tengo'],
    pattern: String.raw`${B}(?:yo\s+)?tengo\s+(?:solo\s+|sólo\s+|apenas\s+)?${NUM}(?=\s*(?:$|[,.!?]|y\s+(?:medio|estoy|me|no)|jaja|xd))`,
  },
  // fr
  {
    cues: ["'ai", "' ai"],
    pattern: String.raw`${B}j\s?'\s?ai\s+(?:que\s+|seulement\s+|juste\s+|bientôt\s+)?${NUM}\s+ans${E}`,
  },
  // de: "ich bin vierzehn (jahre alt)" at the end of a clause or before "und"
  {
    cues: ['bin'],
    pattern: String.raw`${B}ich\s+bin\s+(?:erst\s+|gerade\s+|schon\s+|noch\s+)?${NUM}(?:\s+jahre\s+alt|(?=\s*(?:$|[,.!?]|und${E})))`,
  },
  // it
  {
    cues: ['ho ', 'ho\n'],
    pattern: String.raw`${B}(?:io\s+)?ho\s+(?:solo\s+|appena\s+)?${NUM}\s+anni${E}`,
  },
  // ru
  {
    cues: ['мне', 'Мне', 'МНЕ'],
    pattern: String.raw`${B}мне\s+(?:только\s+|уже\s+|всего\s+)?${NUM}\s+(?:лет|год|года)${E}`,
  },
  // nl, pl
  {
    cues: ['ben'],
    pattern: String.raw`${B}ik\s+ben\s+(?:pas\s+|net\s+)?${NUM}\s+jaar${E}`,
  },
  {
    cues: ['mam'],
    pattern: String.raw`${B}mam\s+(?:dopiero\s+|tylko\s+)?${NUM}\s+lat${E}`,
  },
  // id, vi (digits)
  {
    cues: ['tahun', 'thn'],
    pattern: String.raw`${B}(?:aku|saya|gue|gw|umurku|umur\s+(?:aku|saya|gue))\s+(?:baru\s+|masih\s+)?(\d{1,2})\s+(?:tahun|thn)${E}`,
  },
  // vi: the pronoun opens the clause ("em gái tôi 14 tuổi" is my sister's age)
  {
    cues: ['tuổi', 'tuỔi'],
    pattern: String.raw`(?:^|[,.!?;]\s*)(?:mình|em|tôi|tớ|mi|tao|con|cháu|t)\s+(?:mới\s+|năm\s+nay\s+|nay\s+)?(\d{1,2})\s+tuổi${E}`,
  },
].map(({ cues, pattern }) => ({ cues, pattern: new RegExp(pattern, 'giu') }));

/** What after the age makes it a duration or experience, not the speaker's age. */
const NOT_AGE_AFTER =
  /^\s*(?:de\s+(?!edad|idade)|d\s?'|di\s|en\s+(?:este|esta|la|el|mi)\b|na\s|no\s|dans\s|trabaj|trabalh|que\s|qu\s?'|kinh|pengalaman|работ|стаж|в\s+браке|staż|doświadcz|pracy|w\s|lúc|khi|hồi|bij\s|ervaring|in\s+dienst|seit|zusammen|verheiratet|kerja|bekerja|menikah)/iu;

/** A coming birthday: "ich werde nächsten Monat 15", "voy a cumplir 14", "vou fazer 13", "je vais avoir 14 ans". */
const TURNING = new RegExp(
  [
    String.raw`${B}ich\s+werde\s+(?:(?:nächsten|naechsten|diesen|im|am|bald|morgen|übermorgen|demnächst|in\s+\S+\s+\S+)\s+(?:\S+\s+)?)?${NUM}(?=\s*(?:$|[,.!?]|jahre|und${E}))`,
    String.raw`${B}(?:voy\s+a\s+cumplir|cumplo|vou\s+fazer|faço|je\s+vais\s+avoir|j'?\s?aurai|compio|sto\s+per\s+compiere)\s+${NUM}(?=\s*(?:$|[,.!?]|años|anos|ans|anni|el|la|le|no|en|em|na|il|next|mañana|amanhã|demain|domani|y\s|e\s|et\s))`,
  ].join('|'),
  'giu',
);
/** Vietnamese school year: "mình học lớp 8", "em đang học lớp 9". */
const VI_GRADE =
  /(?:^|[,.!?;]\s*)(?:mình|em|tôi|tớ|t|con|cháu)\s+(?:đang\s+|mới\s+)?học\s+lớp\s+(\d{1,2})(?![\d])/giu;

export function findMultilingualAges(t: string, max: number): MultilingualAgeFound[] {
  const out: MultilingualAgeFound[] = [];
  for (const { cues, pattern } of PATTERNS) {
    if (!cues.some((cue) => t.includes(cue))) continue;
    for (const m of t.matchAll(pattern)) {
      if (out.length >= max) return out;
      const raw = m[1].replace(/\s+/g, ' ');
      const word = !/^\d/.test(raw);
      const age = word ? (WORDS[raw] ?? WORDS[raw.replace(' ', '-')]) : Number(raw);
      if (age === undefined || age < 6) continue;
      const end = (m.index ?? 0) + m[0].length;
      if (NOT_AGE_AFTER.test(t.slice(end, end + 24))) continue;
      const start = (m.index ?? 0) + (m[0].length - m[0].replace(/^[,.!?;]\s*/, '').length);
      out.push({ start, end, age, basis: word ? 'word' : 'number' });
    }
  }
  if (/werde|cumpl|fazer|faço|avoir|aurai|compi/iu.test(t)) {
    for (const m of t.matchAll(TURNING)) {
      if (out.length >= max) return out;
      const raw = (m.slice(1).find((g) => g !== undefined) ?? '').replace(/\s+/g, ' ');
      const next = /^\d/.test(raw) ? Number(raw) : (WORDS[raw] ?? WORDS[raw.replace(' ', '-')]);
      if (next === undefined || next < 7) continue;
      out.push({
        start: m.index ?? 0,
        end: (m.index ?? 0) + m[0].length,
        age: next - 1,
        basis: 'turning',
      });
    }
  }
  if (t.includes('lớp')) {
    for (const m of t.matchAll(VI_GRADE)) {
      if (out.length >= max) return out;
      const grade = Number(m[1]);
      if (grade < 1 || grade > 12) continue;
      const start = (m.index ?? 0) + (m[0].length - m[0].replace(/^[,.!?;]\s*/, '').length);
      out.push({
        start,
        end: (m.index ?? 0) + m[0].length,
        age: Math.min(17, grade + 5),
        basis: 'grade',
      });
    }
  }
  return out;
}
