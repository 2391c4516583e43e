import { phraseSpellings, type PhraseWord } from './spelling-variants';
import { PhraseIndex } from './phrase-index';
import { TurnText } from '../normalisation/turn-text';
import { CORE_NORMALISERS } from '../normalisation/core-normalisers';

const words = (text: string): PhraseWord[] =>
  text.split(' ').map((word) => ({ text: word.replace(/\*$/, ''), prefix: word.endsWith('*') }));
const spelled = (text: string): string[] =>
  phraseSpellings(words(text)).spellings.map((spelling) =>
    spelling.map((w) => w.text + (w.prefix ? '*' : '')).join(' '),
  );

describe('phrase spellings', () => {
  it('keeps the phrase as written first and adds the other spellings of a contraction', () => {
    expect(spelled('i m going to die')).toEqual([
      'i m going to die',
      'i m gonna die',
      'i am going to die',
      'i am gonna die',
      'im going to die',
      'im gonna die',
      'iam going to die',
      'iam gonna die',
    ]);
  });

  it('gives every spelling of a phrase the same canonical name', () => {
    const names = ['i m gonna', 'im going to', 'i am going to'].map(
      (text) => phraseSpellings(words(text)).canonical,
    );
    expect(new Set(names).size).toBe(1);
  });

  it('produces but never respells a read-only form that is also another word', () => {
    expect(spelled('i ll kill you')).toContain('ill kill you');
    expect(spelled('feel ill')).toEqual(['feel ill']);
    expect(spelled('its over')).toEqual(['its over']);
  });

  it("reads the 'll, 've, 'd and 're forms of it, that, they, we, he, she and you typed without the apostrophe", () => {
    expect(spelled('it ll be over soon')).toContain('itll be over soon');
    expect(spelled('they ll be better off')).toContain('theyll be better off');
    expect(spelled('that ll show them')).toContain('thatll show them');
    expect(spelled('we ve talked all night')).toContain('weve talked all night');
    expect(spelled('they ve left me')).toContain('theyve left me');
    expect(spelled('you d do that for me')).toContain('youd do that for me');
    expect(spelled('who s with you')).toContain('whos with you');
    expect(spelled('he ll pay')).toContain('hell pay');
    // "well", "hell", "shell" and "were" are words of their own: never read as a contraction.
    expect(spelled('oh well')).toEqual(['oh well']);
    expect(spelled('go to hell')).toEqual(['go to hell']);
    expect(spelled('we were friends')).toEqual(['we were friends']);
    expect(spelled('a sea shell')).toEqual(['a sea shell']);
  });

  it('leaves prefix words and phrases without a contraction alone', () => {
    expect(spelled('want* to')).toEqual(['want* to']);
    expect(spelled('kill myself')).toEqual(['kill myself']);
  });

  it('bounds the spellings of a phrase full of contractions', () => {
    expect(spelled('i m gonna i m gonna i m gonna').length).toBeLessThanOrEqual(17);
  });
});

describe('phrase index with spellings', () => {
  const index = new PhraseIndex(CORE_NORMALISERS);
  const written = index.add("i'm going to kill myself");
  const contracted = index.add('im gonna kill myself');
  const negated = index.add("don't leave me");

  it('registers equivalent spellings as one phrase', () => {
    expect(contracted).toBe(written);
  });

  it.each([
    ["i'm going to kill myself", 'written'],
    ['I am gonna kill myself', 'expanded'],
    ['ok iam going to kill myself', 'run together'],
  ])('finds %s (%s)', (text) => {
    expect(index.match(new TurnText(text)).get(written!)).toHaveLength(1);
  });

  it.each(['do not leave me', 'dont leave me', 'pls don’t leave me'])('finds %s', (text) => {
    expect(index.match(new TurnText(text)).get(negated!)).toHaveLength(1);
  });

  it('does not read a lone "ill" phrase in "i will"', () => {
    const ill = index.add('feel ill');
    expect(index.match(new TurnText('i feel i will win')).get(ill!)).toBeUndefined();
  });
});
