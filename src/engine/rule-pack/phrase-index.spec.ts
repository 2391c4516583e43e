import { CORE_NORMALISERS } from '../normalisation/core-normalisers';
import { TurnText } from '../normalisation/turn-text';
import { PhraseIndex } from './phrase-index';

const turn = (text: string) => new TurnText(text, CORE_NORMALISERS);

describe(PhraseIndex.name, () => {
  /** "i want ..." phrases: more than a small bucket, so the third-word index is used. */
  const bucket = (index: PhraseIndex) => ({
    toDie: index.add('i want to die')!,
    toSleep: index.add('i want to sleep')!,
    pizza: index.add('i want pizza')!,
    you: index.add('i want you')!,
    iceCream: index.add('i want ice cream')!,
    bare: index.add('i want')!,
  });

  it('finds phrases of a large bucket by their third word and without one, in the order added', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const ids = bucket(index);
    const hits = index.match(turn('honestly i want to die, and i want pizza'));
    // At "i want" (first): "to die" (third-word index) before "i want" (no third word), as added.
    expect(hits.ids).toEqual([ids.toDie, ids.bare, ids.pizza]);
    expect(hits.has(ids.toSleep)).toBe(false);
    expect(hits.has(ids.you)).toBe(false);
  });

  it("answers a turn's hits after later turns have reused the index's per-phrase slots", () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const ids = bucket(index);
    const first = index.match(turn('i want to die'));
    const second = index.match(turn('i want pizza'));
    expect(first.has(ids.toDie)).toBe(true);
    expect(first.has(ids.pizza)).toBe(false);
    expect(first.get(ids.toDie)).toHaveLength(1);
    expect(second.has(ids.pizza)).toBe(true);
    expect(second.has(ids.toDie)).toBe(false);
  });
});

describe('Hangul phrases ending in an open syllable', () => {
  const index = new PhraseIndex(CORE_NORMALISERS);
  const jump = index.add('뛰어내리')!;
  const justDie = index.add('그냥죽어')!;
  const twoSyllables = index.add('때리')!;

  it.each(['뛰어내릴게', '오늘 뛰어내린다', '뛰어내림', '뛰어내립니다', '뛰어내리고 싶어'])(
    'match a verb ending on the stem: %s',
    (text) => {
      expect(index.match(turn(text)).get(jump)).toHaveLength(1);
    },
  );

  it('do not match a past tense or another final consonant', () => {
    expect(index.match(turn('모기 그냥 죽었으면')).get(justDie)).toBeUndefined();
    expect(index.match(turn('뛰어내렸어')).get(jump)).toBeUndefined();
  });

  it('leave phrases of two syllables exact', () => {
    expect(index.match(turn('때린다')).get(twoSyllables)).toBeUndefined();
    expect(index.match(turn('때리지 마')).get(twoSyllables)).toHaveLength(1);
  });
});
