import { PhraseIndex } from '../rule-pack/phrase-index';
import { CORE_NORMALISERS } from './core-normalisers';
import { TurnText } from './turn-text';

const keys = (text: string) =>
  new TurnText(text).tokensWithoutFillers?.tokens.map((token) => token.key);

describe('English filler words left out for phrase matching', () => {
  it('drops fillers between two words and keeps the words around them', () => {
    expect(keys('i just really want to die')).toEqual(['i', 'want', 'to', 'die']);
    expect(keys('i want to like disappear lol')).toEqual(['i', 'want', 'to', 'disappear', 'lol']);
  });

  it('has nothing to drop when no filler sits inside the turn', () => {
    expect(keys('honestly i am fine')).toBeUndefined();
    expect(keys('i want to die')).toBeUndefined();
  });

  it('lets a phrase match across a filler, with the span over what the user wrote', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const id = index.add('want to die');
    const text = 'i lowkey want to literally die';
    const [match] = (id === null ? undefined : index.match(new TurnText(text)).get(id)) ?? [];
    expect(text.slice(match.start, match.end)).toBe('want to literally die');
  });

  it('keeps negations, so an exception written without the filler still holds', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const id = index.add("don't want to die");
    expect(id !== null && index.match(new TurnText("i don't really want to die")).has(id)).toBe(
      true,
    );
  });
});
