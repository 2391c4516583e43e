/**
 * English contractions and their chat spellings are the same words to a reader: "i am going to",
 * "i'm gonna" and "im going to" all say one thing, and so do "don't", "dont" and "do not". A pack
 * author writes one of them; a user types any. Phrases and list terms are therefore also
 * registered under every equivalent spelling (as token keys after normalisation, where "i'm" is
 * the two tokens "i m"), so one written form covers the others.
 *
 * Each group lists its spellings. A spelling marked `readOnly` is produced but never recognised
 * in a phrase, because on its own it is also another word ("ill", "its", "id", "wont", and "ur",
 * which the tokeniser already reads as "your"): a pack phrase about feeling ill must not grow an
 * "i will" reading, but "i'll kill you" should match "ill kill you".
 */
type Spelling = readonly string[];
type SpellingGroup = { spellings: readonly Spelling[]; readOnly?: readonly Spelling[] };

const negation = (verb: string, contracted: string): SpellingGroup => ({
  spellings: [[verb, 'not'], [contracted, 't'], [`${contracted}t`]],
});

const GROUPS: readonly SpellingGroup[] = [
  { spellings: [['i', 'am'], ['i', 'm'], ['im']], readOnly: [['iam']] },
  {
    spellings: [
      ['i', 'will'],
      ['i', 'll'],
    ],
    readOnly: [['ill']],
  },
  { spellings: [['i', 'have'], ['i', 've'], ['ive']] },
  {
    spellings: [
      ['i', 'would'],
      ['i', 'd'],
    ],
    readOnly: [['id']],
  },
  { spellings: [['you', 'are'], ['you', 're'], ['youre']], readOnly: [['ur']] },
  { spellings: [['you', 'will'], ['you', 'll'], ['youll']] },
  { spellings: [['you', 'have'], ['you', 've'], ['youve']] },
  { spellings: [['you', 'would'], ['you', 'd'], ['youd']] },
  { spellings: [['it', 'will'], ['it', 'll'], ['itll']] },
  { spellings: [['that', 'will'], ['that', 'll'], ['thatll']] },
  { spellings: [['they', 'will'], ['they', 'll'], ['theyll']] },
  { spellings: [['they', 'have'], ['they', 've'], ['theyve']] },
  { spellings: [['we', 'have'], ['we', 've'], ['weve']] },
  {
    spellings: [
      ['we', 'will'],
      ['we', 'll'],
    ],
    readOnly: [['well']],
  },
  {
    spellings: [
      ['he', 'will'],
      ['he', 'll'],
    ],
    readOnly: [['hell']],
  },
  {
    spellings: [
      ['she', 'will'],
      ['she', 'll'],
    ],
    readOnly: [['shell']],
  },
  {
    spellings: [
      ['we', 'are'],
      ['we', 're'],
    ],
    readOnly: [['were']],
  },
  { spellings: [['who', 'is'], ['who', 's'], ['whos']] },
  {
    spellings: [
      ['it', 'is'],
      ['it', 's'],
    ],
    readOnly: [['its']],
  },
  { spellings: [['that', 'is'], ['that', 's'], ['thats']] },
  { spellings: [['what', 'is'], ['what', 's'], ['whats']] },
  { spellings: [['there', 'is'], ['there', 's'], ['theres']] },
  { spellings: [['they', 'are'], ['they', 're'], ['theyre']] },
  { spellings: [['he', 'is'], ['he', 's'], ['hes']] },
  { spellings: [['she', 'is'], ['she', 's'], ['shes']] },
  { spellings: [['can', 'not'], ['cannot'], ['can', 't'], ['cant']] },
  negation('do', 'don'),
  negation('does', 'doesn'),
  negation('did', 'didn'),
  negation('is', 'isn'),
  negation('are', 'aren'),
  negation('was', 'wasn'),
  negation('would', 'wouldn'),
  negation('should', 'shouldn'),
  negation('could', 'couldn'),
  negation('have', 'haven'),
  negation('has', 'hasn'),
  {
    spellings: [
      ['will', 'not'],
      ['won', 't'],
    ],
    readOnly: [['wont']],
  },
  { spellings: [['going', 'to'], ['gonna']] },
  { spellings: [['want', 'to'], ['wanna']] },
  { spellings: [['got', 'to'], ['gotta']] },
  { spellings: [['kind', 'of'], ['kinda']] },
  { spellings: [['trying', 'to'], ['tryna']] },
  { spellings: [['have', 'to'], ['hafta']] },
  { spellings: [['let', 'me'], ['lemme']] },
  { spellings: [['give', 'me'], ['gimme']] },
  { spellings: [['out', 'of'], ['outta']] },
];

/** Upper bound on the spellings of one phrase, so a phrase full of contractions stays cheap. */
const MAX_SPELLINGS = 16;

/** Recognisable spellings, longest first so "can not" wins over a shorter overlap. */
const RECOGNISED = GROUPS.flatMap((group) =>
  group.spellings.map((spelling) => ({ spelling, group })),
).sort((a, b) => b.spelling.length - a.spelling.length);

/** A phrase word as the phrase index keeps it: a prefix word ("kill*") is never respelled. */
export type PhraseWord = { text: string; prefix: boolean };

/**
 * Every spelling of a phrase's words: `spellings[0]` is the phrase as written, the others follow.
 * `canonical` names the phrase whatever its spelling (each group spelled its first way), so that
 * "i'm going to" and "im going to" in one list are one phrase, indexed once.
 */
export function phraseSpellings(words: readonly PhraseWord[]): {
  canonical: string;
  spellings: PhraseWord[][];
} {
  const segments: (readonly PhraseWord[])[][] = [];
  const canonicalWords: PhraseWord[] = [];
  for (let at = 0; at < words.length;) {
    const found = RECOGNISED.find(({ spelling }) => spellingAt(spelling, words, at));
    if (found) {
      const { spellings, readOnly = [] } = found.group;
      const others = [...spellings, ...readOnly].filter((s) => s !== found.spelling);
      segments.push([words.slice(at, at + found.spelling.length), ...others.map(exactWords)]);
      canonicalWords.push(...exactWords(spellings[0]));
      at += found.spelling.length;
    } else {
      segments.push([[words[at]]]);
      canonicalWords.push(words[at]);
      at += 1;
    }
  }
  let combined: PhraseWord[][] = [[]];
  for (const choices of segments) {
    const next: PhraseWord[][] = [];
    for (const start of combined) {
      for (const choice of choices) {
        if (next.length <= MAX_SPELLINGS) next.push([...start, ...choice]);
      }
    }
    combined = next;
  }
  const canonical = canonicalWords.map((w) => w.text + (w.prefix ? '*' : '')).join(' ');
  // The first combination takes every segment's first choice: the phrase as written.
  return { canonical, spellings: combined };
}

const exactWords = (spelling: Spelling): PhraseWord[] =>
  spelling.map((text) => ({ text, prefix: false }));

function spellingAt(spelling: Spelling, words: readonly PhraseWord[], at: number): boolean {
  if (at + spelling.length > words.length) return false;
  for (let k = 0; k < spelling.length; k++) {
    const word = words[at + k];
    if (word.prefix || word.text !== spelling[k]) return false;
  }
  return true;
}
