import { AgeDetector } from './age.detector';

const detector = new AgeDetector();
const ages = (text: string): Array<string | number | boolean | undefined> =>
  detector.detect(text).map((h) => h.facts?.age);

describe('minor_safety.age', () => {
  it.each([
    ["I'm 14", 14, 'number'],
    ['i am 14 years old', 14, 'number'],
    ['14 y/o here', 14, 'number'],
    ['14yo btw', 14, 'number'],
    ['im fourteen lol', 14, 'word'],
    ["I'm 14 and a half", 14, 'number'],
    ["i'm turning 15 next month", 14, 'turning'],
    ["i'm in 8th grade", 13, 'grade'],
    ["I'm a freshman in high school", 14, 'grade'],
    ["i'm a 15-year-old girl", 15, 'number'],
    ['hey, 16f here', 16, 'number'],
    ["i'm only 13 tho", 13, 'number'],
    ['I’m 12!', 12, 'number'],
    ["i'm a minor", 17, 'word'],
    ['i go to middle school', 12, 'school'],
    ["I'm 25 and work in IT", 25, 'number'],
    ['14살이야', 14, 'number'],
    ['저 14살인데요', 14, 'number'],
    ['나 열네 살이야', 14, 'word'],
    ['중2인데 질문 있어', 14, 'grade'],
    ['고1이에요', 16, 'grade'],
    ['나 중학생이야', 13, 'school'],
    ['저 고딩임', 16, 'slang'],
    ['초딩인데 뭐', 7, 'slang'],
    ['초등학생이에요', 7, 'school'],
    ['나 급식이야 ㅋㅋ', 13, 'slang'],
    ['올해 만 15세입니다', 15, 'number'],
  ])('%s -> %s', (text, age, basis) => {
    const hits = detector.detect(text);
    expect(hits).toHaveLength(1);
    expect(hits[0].subcategory).toBe('minor_disclosed');
    expect(hits[0].facts).toEqual({ age, basis, minor: age < 18 });
  });

  it.each([
    'my brother is 14',
    '14 years ago i moved here',
    'i have 14 years of experience',
    'I was 14 when i first saw it',
    "i'm 5 minutes away",
    "i'm 6 feet tall",
    "i'm 2 episodes behind",
    "i'm 100% sure",
    "i'm 14 years into my career",
    'meeting at 14:30',
    '14살 때 처음 봤어',
    '동생이 14살이야',
    '우리 딸은 중2예요',
    '14살 차이 나',
    '중2병 걸렸냐',
    '초딩같이 굴지 마',
    '오늘 급식 맛있었어',
    '최고1위',
    "i'm an 8th grade teacher",
    'i teach high school',
    'i was in high school back then',
    '나는 고3 담임이야',
    '중2 엄마예요',
    '중학생 때 일이야',
    "i'm 12 hours into this game",
    "i'm 6'2",
    "i'm 17th in line",
  ])('ignores %s', (text) => {
    expect(ages(text)).toEqual([]);
  });

  it('returns spans into the original text', () => {
    const text = 'hello! I’M 15 btw';
    const [hit] = detector.detect(text);
    expect(text.slice(hit.start, hit.end)).toBe('I’M 15');
  });
});
