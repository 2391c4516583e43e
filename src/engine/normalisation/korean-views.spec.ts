import { PhraseIndex } from '../rule-pack/phrase-index';
import { CORE_NORMALISERS } from './core-normalisers';
import { TurnText } from './turn-text';

const views = (text: string) => new TurnText(text).koreanViews.map((view) => view.text);

describe('Korean second-person forms read as 너', () => {
  it.each([
    ['당신 없으면 못 살아요', ['너없으면못살아요']],
    ['님이랑 얘기하는 게 제일 좋아요', ['너랑얘기하는게제일좋아요']],
    ['니한테 다 말할게', ['너한테다말할게']],
    ['그대를 믿어요', ['너를믿어요']],
    ['당신께 드릴 말씀', ['너한테드릴말씀']],
    ['너님 말만 들을게', ['너말만들을게']],
    ['당신생각만 해요', ['너생각만해요']],
  ])('%s', (text, expected) => {
    expect(views(text)).toEqual(expected);
  });

  it('spells a subject both ways packs write it (너가, 네가)', () => {
    expect(views('당신이 제일 소중해')).toEqual(['너가제일소중해', '네가제일소중해']);
    expect(views('니가 최고야')).toEqual(['너가최고야', '네가최고야']);
  });

  it.each([
    ['선생님이 그러셨어'], // 님 inside a word
    ['어머니가 오셨어'], // 니 inside a word
    ['니트 입고 왔어'], // 니 starting another word
    ['그대로 두세요'], // 그대로 = "as it is"
    ['오늘 날씨 좋다'],
  ])('leaves %s alone', (text) => {
    expect(views(text)).toEqual([]);
  });

  it('lets a Hangul phrase written with 너 match, with the span on the words the user wrote', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const id = index.add('너없으면못살아');
    const text = '진짜 당신 없으면 못 살아요';
    const matches = id === null ? undefined : index.match(new TurnText(text)).get(id);
    expect(matches).toHaveLength(1);
    const [match] = matches ?? [];
    expect(text.slice(match.start, match.end)).toBe('당신 없으면 못 살아');
  });

  it('finds a phrase the plain view already matched only once', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const id = index.add('못살아');
    const hits = index.match(new TurnText('당신 없으면 못 살아'));
    expect(id === null ? undefined : hits.get(id)).toHaveLength(1);
  });
});

describe('Korean filler adverbs left out', () => {
  it('reads the turn without them, and keeps a view with them for phrases that hold one', () => {
    expect(views('죽고 진짜 싶어')).toEqual(['죽고싶어']);
    expect(views('당신은 진짜 한심해')).toEqual(['너는진짜한심해', '너는한심해']);
  });

  it('lets a phrase match across a filler the user put in', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const id = index.add('사라지고싶');
    expect(id !== null && index.match(new TurnText('그냥 사라지고 좀 싶다')).has(id)).toBe(true);
  });
});
