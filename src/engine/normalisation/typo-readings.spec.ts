import { existsSync, readFileSync } from 'node:fs';
import { PhraseIndex } from '../rule-pack/phrase-index';
import { CORE_NORMALISERS } from './core-normalisers';
import { TurnText } from './turn-text';
import {
  buildTypoReadings,
  NOT_TYPO_WORDS,
  slipsOf,
  TYPO_TARGET_WORDS,
  typoReading,
  typoReadings,
} from './typo-readings';

describe('typo readings', () => {
  it.each([
    ['sucide', 'suicide'],
    ['suicdie', 'suicide'],
    ['myslef', 'myself'],
    ['kil', 'kill'],
    ['stabed', 'stabbed'],
    ['murdr', 'murder'],
    ['btich', 'bitch'],
    ['anymroe', 'anymore'],
    ['stpd', 'stupid'],
    ['fckng', 'fucking'],
    ['mslf', 'myself'],
  ])('reads the slip %s as %s', (slip, word) => {
    expect(typoReading(slip)).toBe(word);
  });

  it('reads vowels left out only when four letters or more remain ("cnt" could be anything)', () => {
    expect(typoReading('cnt')).toBeUndefined();
    expect(typoReading('hrt')).toBeUndefined();
    expect(slipsOf('bitch')).toContain('btch');
  });

  it('reads only swaps, a doubled letter typed once, and a dropped letter in longer words', () => {
    expect(slipsOf('hate').sort()).toEqual(['haet', 'htae']);
    expect(slipsOf('kill').sort()).toEqual(['kil', 'klil']);
    expect(slipsOf('knife')).toContain('knfe');
  });

  it('keeps the first letter: a slip there is not read', () => {
    expect(typoReading('uicide')).toBeUndefined();
    expect(typoReading('iklls')).toBeUndefined();
  });

  it.each(['soot', 'wore', 'shot', 'nose', 'pill', 'hat', 'knie', 'pensi'])(
    'never reads the real word %s as a slip',
    (word) => {
      expect(typoReading(word)).toBeUndefined();
    },
  );

  it('drops a slip two targets share, since either could be meant', () => {
    const readings = buildTypoReadings(['silver', 'sliver'], new Set());
    expect(readings.has('slver')).toBe(false);
    expect(readings.get('silvr')).toBe('silver');
  });

  it('never turns one target into another', () => {
    const targets = new Set(TYPO_TARGET_WORDS);
    expect([...typoReadings().keys()].filter((slip) => targets.has(slip))).toEqual([]);
  });

  const dictionary = '/usr/share/dict/american-english';
  // CI installs Debian's wamerican; on a machine without it there is nothing to check against.
  (existsSync(dictionary) ? it : it.skip)(
    'lists every English word a slip spells in NOT_TYPOS',
    () => {
      const english = new Set(
        readFileSync(dictionary, 'utf8')
          .split('\n')
          .map((word) => word.toLowerCase()),
      );
      const targets = new Set(TYPO_TARGET_WORDS);
      const missing = TYPO_TARGET_WORDS.flatMap(slipsOf).filter(
        (slip) => english.has(slip) && !targets.has(slip) && !NOT_TYPO_WORDS.has(slip),
      );
      expect([...new Set(missing)]).toEqual([]);
    },
  );

  it('lets a phrase match its misspelt words as a second reading', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const id = index.add('kill myself');
    expect(id !== null && index.match(new TurnText('i want to kil myslef')).has(id)).toBe(true);
    expect(new TurnText('the soot').tokens[1].alt).toBeNull();
  });
});
