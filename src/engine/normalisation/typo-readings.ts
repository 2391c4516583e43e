/**
 * Misspelt signal words read as the word the writer meant ("sucide" -> suicide, "myslef" ->
 * myself, "kil" -> kill), as a token's second reading. People in distress or anger type fast
 * and do not correct; a phrase pack cannot list every slip, and a missing letter should not
 * turn "i want to kill myslef" into a threat against someone else.
 *
 * Four slips are read, each keeping the first letter (people rarely miss it): two neighbouring
 * letters swapped ("suicdie"), a doubled letter typed once ("kil", "stabed"), in words of five
 * letters or more one letter left out ("murdr", "overdos"), and every vowel after the first
 * letter left out when four or more letters remain ("stpd", "fckng", "mslf").
 * A slip that spells a real word is never read ("soot" stays soot, not shoot; "wore" stays
 * wore): `NOT_TYPOS` lists every such collision, and a spec checks it against a dictionary.
 * A slip two targets share is dropped: it is not clear which one was meant.
 */

/** The words the rule packs' phrases turn on, whose misspellings lose a signal. */
const TYPO_TARGETS = `
suicide suicidal unalive overdose overdosed murder murdered kill kills killed killing
want myself yourself himself herself themselves anymore alive living dying death dead
worthless hopeless useless burden goodbye
cutting bleeding blood razor pills hanging noose stab stabbed shoot knife bullet bullets
strangle choke beat punch destroy threaten bomb
hate disgusting pathetic stupid idiot moron retard retarded loser bitch bitches whore slut
sluts pussy asshole bastard fuck fucking fucked fucker motherfucker shitty
naked nudes horny boobs penis vagina porn rape raped sexy masturbate orgasm
dies died freak freaks dumb ugly hates shit tits dick dicks cock cunt slap punch hurt hurts
dildo nipples blowjob molest molested pedo drugs cocaine heroin overdosing suicidal
`;

/**
 * Real words one slip away from a target, always read as themselves: the English ones a
 * dictionary check finds (see the spec), and words of other languages seen in chat data
 * ("knie" is German for knee, "pensi" Italian for "you think", "buren" Dutch for neighbours,
 * "moest" Dutch for "had to") and names ("sith", "cnut", "frak").
 */
const NOT_TYPOS = `
beta bobs boob boos coke dido ding drug goodby hats heron horn hurst huts lose moles moon morn
moro nipple nose nude overdoes overdoing pens pill pron puss shoo shot soot strange wore
knie pensi buren moest sith cnut frak hrts
`;

const words = (list: string): string[] => list.split(/\s+/).filter(Boolean);

/** Every slip of `word` this module reads, first letter kept. */
export function slipsOf(word: string): string[] {
  const slips = new Set<string>();
  for (let i = 1; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1])
      slips.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  for (let i = 1; i < word.length; i++) {
    const doubled = word[i] === word[i - 1];
    if (doubled || word.length >= 5) slips.add(word.slice(0, i) + word.slice(i + 1));
  }
  // Vowels left out, as people type to hide a word ("stpd", "fckng", "btch"); shorter forms
  // are too often abbreviations of something else ("cnt", "hrt", "tts").
  const consonants = word[0] + word.slice(1).replace(/[aeiouy]/g, '');
  if (consonants.length >= 4) slips.add(consonants);
  slips.delete(word);
  return [...slips];
}

/** Slip -> target for every target's slips, leaving out real words and slips two targets share. */
export function buildTypoReadings(
  targets: readonly string[],
  notTypos: ReadonlySet<string>,
): Map<string, string> {
  const targetSet = new Set(targets);
  const readings = new Map<string, string>();
  const shared = new Set<string>();
  for (const target of targets) {
    for (const slip of slipsOf(target)) {
      if (notTypos.has(slip) || targetSet.has(slip)) continue;
      const earlier = readings.get(slip);
      if (earlier !== undefined && earlier !== target) shared.add(slip);
      readings.set(slip, target);
    }
  }
  for (const slip of shared) readings.delete(slip);
  return readings;
}

export const TYPO_TARGET_WORDS: readonly string[] = words(TYPO_TARGETS);
export const NOT_TYPO_WORDS: ReadonlySet<string> = new Set(words(NOT_TYPOS));
const READINGS: ReadonlyMap<string, string> = buildTypoReadings(TYPO_TARGET_WORDS, NOT_TYPO_WORDS);

/** Every slip read and the word it stands for (for the spec and the rules docs). */
export function typoReadings(): ReadonlyMap<string, string> {
  return READINGS;
}

/** The word a misspelt token stands for, or undefined. `key` is the lower-cased token. */
export function typoReading(key: string): string | undefined {
  // Most tokens are ruled out by length or first letter without hashing the string.
  if (key.length < SHORTEST_SLIP || key.length > LONGEST_SLIP) return undefined;
  if (SLIP_STARTS[key.charCodeAt(0)] !== 1) return undefined;
  return READINGS.get(key);
}
const SHORTEST_SLIP = Math.min(...[...READINGS.keys()].map((slip) => slip.length));
const LONGEST_SLIP = Math.max(...[...READINGS.keys()].map((slip) => slip.length));
const SLIP_STARTS = new Uint8Array(0x10000);
for (const slip of READINGS.keys()) SLIP_STARTS[slip.charCodeAt(0)] = 1;
