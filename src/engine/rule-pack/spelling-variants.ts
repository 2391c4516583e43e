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

/** "it will", "it ll" and "itll" (the apostrophe left out joins the two). */
const joined = (word: string, verb: string, contracted: string): SpellingGroup => ({
  spellings: [[word, verb], [word, contracted], [`${word}${contracted}`]],
});

/** As `joined`, but the joined form is also a word of its own ("well", "hell", "were"). */
const producedOnly = (word: string, verb: string, contracted: string): SpellingGroup => ({
  spellings: [
    [word, verb],
    [word, contracted],
  ],
  readOnly: [[`${word}${contracted}`]],
});

const GROUPS: readonly SpellingGroup[] = [
  { spellings: [['i', 'am'], ['i', 'm'], ['im']], readOnly: [['iam']] },
  producedOnly('i', 'will', 'll'),
  joined('i', 'have', 've'),
  producedOnly('i', 'would', 'd'),
  { spellings: [['you', 'are'], ['you', 're'], ['youre']], readOnly: [['ur']] },
  joined('you', 'will', 'll'),
  joined('you', 'have', 've'),
  joined('you', 'would', 'd'),
  joined('it', 'will', 'll'),
  joined('that', 'will', 'll'),
  joined('they', 'will', 'll'),
  joined('they', 'have', 've'),
  joined('we', 'have', 've'),
  producedOnly('we', 'will', 'll'),
  producedOnly('he', 'will', 'll'),
  producedOnly('she', 'will', 'll'),
  producedOnly('we', 'are', 're'),
  joined('who', 'is', 's'),
  producedOnly('it', 'is', 's'),
  joined('that', 'is', 's'),
  joined('what', 'is', 's'),
  joined('there', 'is', 's'),
  joined('they', 'are', 're'),
  joined('he', 'is', 's'),
  joined('she', 'is', 's'),
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
