import { TYPO_TARGET_WORDS } from './typo-readings';

/**
 * Splitting letter-spaced text back into words. "I w a n t t o d i e" spaces letters and
 * words alike, so the joined run "iwanttodie" carries no word breaks; it is split again
 * when it reads as a sequence of the words below. The vocabulary is the everyday words such
 * messages are made of plus the words people spell out to slip past filters; a run that is
 * not entirely made of them stays joined ("k y s" -> "kys").
 */

const EVERYDAY_WORDS = `
a i im me my mine myself you your yours yourself u ur he him his she her it its we us our
they them their themself themselves this that these those who what why how when where
am is are was were be been being do does did done dont doesnt didnt cant wont not no yes
to too of in on at by for with from up out off into over so and or but if then than just
only all any some every one very really want wanna going gonna will would should could
can may might must need have has had get got let make made go went come see look know
think feel felt like likes love loves wants needs tell say said give take keep stop start end try help
now today tonight tomorrow soon never again still ever more much life live living alive
hope nothing something everything anything sad alone nobody anyone someone everyone people
man men woman women girl girls boy boys kid kids child children baby mom dad family
friend friends school home house night day time way thing things
send pic pics photo photos show body touch kiss bed
the an as about after before because here there come coming find found run hide
shut please pls plz hey hi hello bro dude lol omg wtf gay class head face throat neck
eat everybody somebody
theme himself herself itself ourselves yourselves without nowhere somewhere everywhere however
whatever whoever cannot maybe onto another
`;

/** The words people mask or spell out to slip past filters. */
const SENSITIVE_WORDS = `
die dies died dying dead death kill kills killed killing murder murdered suicide suicidal
self hurt hurts cut cutting harm hang hanging jump shoot shot stab stabbed beat choke burn
bomb gun guns knife blood bleed pills overdose ending rope bridge hate hates
hopeless worthless useless pain
fuck fucking fucked fucker motherfucker shit shitty bitch bitches slut sluts whore
cunt dick dicks cock pussy ass asshole bastard damn hell piss retard retarded idiot
idiots stupid dumb moron loser ugly fat disgusting pathetic trash scum freak
sex sexy nude nudes naked porn rape raped horny boobs tits penis vagina
punch slap destroy rip suck lick bullet bullets
`;

const words = (list: string): string[] => list.split(/\s+/).filter(Boolean);
const SENSITIVE: ReadonlySet<string> = new Set(words(SENSITIVE_WORDS));
const VOCABULARY: ReadonlySet<string> = new Set([...words(EVERYDAY_WORDS), ...SENSITIVE]);

/** Vowels tried for a masked letter, most likely first ("sh*t" is "shit" before "shot"). */
const MASKED_VOWELS = ['i', 'u', 'e', 'a', 'o'];

/**
 * The vocabulary word a word with one masked vowel stands for ("f*ck" -> "fuck", "m*rder" ->
 * "murder"), or null. `before` and `after` are the letters around the mask. A word people mask
 * wins over an everyday one: "wh*re" is "whore", not "where".
 */
export function unmaskedWord(before: string, after: string): string | null {
  let everyday: string | null = null;
  for (const vowel of MASKED_VOWELS) {
    const word = before + vowel + after;
    if (SENSITIVE.has(word)) return word;
    if (everyday === null && VOCABULARY.has(word)) everyday = word;
  }
  return everyday;
}
/** Words whose masked letters are filled in when only one of them fits ("k**l", "s*upid"). */
const SIGNAL_WORDS: ReadonlySet<string> = new Set([...SENSITIVE, ...TYPO_TARGET_WORDS]);
const MASKABLE_BY_LENGTH: ReadonlyMap<number, readonly string[]> = groupByLength([...SIGNAL_WORDS]);

function groupByLength(list: readonly string[]): Map<number, string[]> {
  const byLength = new Map<number, string[]>();
  for (const word of list) {
    const group = byLength.get(word.length);
    if (group) group.push(word);
    else byLength.set(word.length, [word]);
  }
  return byLength;
}

/** Whether `word` is an everyday or sensitive word of the spelled-word vocabulary. */
export function isVocabularyWord(word: string): boolean {
  return VOCABULARY.has(word);
}

/** Whether `word` is one of the words people mask or disguise (see SENSITIVE_WORDS, typo targets). */
export function isSignalWord(word: string): boolean {
  return SIGNAL_WORDS.has(word);
}

/**
 * The one signal word a word with masked letters spells (`*` for each mask): "k**l" -> kill,
 * "s*upid" -> stupid, "w**thless" -> worthless. Null when none fits or several do ("sh**" is
 * shit or shot): a guess between two would put words in the writer's mouth.
 */
export function unmaskedSignalWord(masked: string): string | null {
  let found: string | null = null;
  for (const word of MASKABLE_BY_LENGTH.get(masked.length) ?? []) {
    let fits = true;
    for (let i = 0; i < word.length && fits; i++) fits = masked[i] === '*' || masked[i] === word[i];
    if (!fits) continue;
    if (found !== null) return null;
    found = word;
  }
  return found;
}

const LONGEST_WORD = Math.max(...[...VOCABULARY].map((word) => word.length));
/** Longer runs are left joined: segmentation is for short spelled-out phrases. */
const LONGEST_RUN = 48;

/**
 * Word lengths that split `letters` into the fewest vocabulary words, or null when it is
 * a vocabulary word itself, cannot be split entirely into them, or is too long to try.
 */
export function spelledWordLengths(letters: string): number[] | null {
  const length = letters.length;
  if (length < 3 || length > LONGEST_RUN || VOCABULARY.has(letters)) return null;
  // fewest[k] = fewest words covering letters[0, k); -1 = cannot be covered.
  const fewest = new Int16Array(length + 1).fill(-1);
  const lastWord = new Int16Array(length + 1);
  fewest[0] = 0;
  for (let end = 1; end <= length; end++) {
    for (let size = 1; size <= Math.min(LONGEST_WORD, end); size++) {
      const before = fewest[end - size];
      if (before < 0 || !VOCABULARY.has(letters.slice(end - size, end))) continue;
      if (fewest[end] < 0 || before + 1 < fewest[end]) {
        fewest[end] = before + 1;
        lastWord[end] = size;
      }
    }
  }
  if (fewest[length] < 2) return null;
  const sizes: number[] = [];
  for (let end = length; end > 0; end -= lastWord[end]) sizes.unshift(lastWord[end]);
  return sizes;
}
