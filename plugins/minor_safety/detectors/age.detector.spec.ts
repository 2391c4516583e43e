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
    ['ㅈ2인데 사귈래?', 14, 'grade'],
    ['ㄱ1임 ㅋㅋ', 16, 'grade'],
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
    '16살 조카 생일선물 뭐가 좋아?',
    '14살 여동생이 있어',
    '우리 딸은 중2예요',
    '14살 차이 나',
    '중2병 걸렸냐',
    'ㄱ1 ㄱ2 중에 골라',
    'ㅈ2 스킬 먼저 찍어',
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

describe('minor_safety.age birth years (clock pinned)', () => {
  const at = (iso: string): AgeDetector => new AgeDetector(() => new Date(iso));
  const in2026 = at('2026-11-27T12:00:00Z');
  const facts = (d: AgeDetector, text: string) =>
    d
      .detect(text)
      .filter((h) => h.facts?.basis === 'birth_year')
      .map((h) => h.facts);

  it.each([
    ['나 09년생임 ㅋㅋ', 2009],
    ['2012년생이에요', 2012],
    ['2011년생인데 여기 써도 돼?', 2011],
    ['나 2011년생 ㅎ', 2011],
    ['08년생? 아니 10년생임', 2010],
    ['i was born in 2011 so do the math', 2011],
    ['born in 2012 fyi', 2012],
    ['I was born 2011', 2011],
    ["'11 baby here", 2011],
    ['im a 2010 baby lol', 2010],
    ['my birth year is 2010', 2010],
    ['nací en 2011', 2011],
    ['je suis née en 2012', 2012],
    ['ich bin 2010 geboren', 2010],
    ['aku lahir tahun 2012', 2012],
    ['2011年生まれです', 2011],
    ['我2011年出生的', 2011],
    ['1998년생이라 벌써 서른', 1998],
    ['95년생이에요', 1995],
  ])('%s -> born %s, age read against 2026', (text, year) => {
    const [f] = facts(in2026, text);
    expect(f).toEqual({
      age: 2026 - year - 1,
      basis: 'birth_year',
      minor: 2026 - year - 1 < 18,
      birthYear: year,
    });
  });

  it('reads the same text differently as the year changes (no year is hard-coded)', () => {
    expect(facts(at('2026-12-31T23:59:59Z'), '08년생이야')).toEqual([
      { age: 17, basis: 'birth_year', minor: true, birthYear: 2008 },
    ]);
    expect(facts(at('2027-01-01T00:00:00Z'), '08년생이야')).toEqual([
      { age: 18, basis: 'birth_year', minor: false, birthYear: 2008 },
    ]);
    expect(facts(at('2027-01-01T00:00:00Z'), 'born in 2012')[0]).toMatchObject({
      age: 14,
      minor: true,
    });
    // a two-digit year is the latest year not after the current one
    expect(facts(at('2040-06-01T00:00:00Z'), '30년생임')[0]).toMatchObject({
      birthYear: 2030,
      age: 9,
    });
    expect(facts(at('2026-06-01T00:00:00Z'), '30년생임')[0]).toMatchObject({
      birthYear: 1930,
      age: 95,
    });
  });

  it.each([
    'my daughter was born in 2012 and she loves horses',
    'my son was born in 2012',
    '우리 딸이 2012년생이에요',
    '15년생인 울아들은 유모차 안 타',
    '삼둥이들 11년생 아님?',
    '11년생들 요즘 무섭다',
    '너 2010년생이야?',
    '2011년에 그 노래 나왔잖아',
    "the '11 season was the best one",
    'born in the 2010s',
    '1년생 식물 키우는 중',
    '2024년생 아기 옷 추천해줘',
    'she was born in 2011',
  ])('ignores %s', (text) => {
    expect(facts(in2026, text)).toEqual([]);
  });
});

describe('minor_safety.age in Chinese and Japanese', () => {
  it.each([
    ['我14岁，好无聊', 14, 'number'],
    ['我今年才13岁', 13, 'number'],
    ['私は14歳です、よろしくね', 14, 'number'],
    ['14歳だけど、いい？', 14, 'number'],
    ['中学2年生だよ', 13, 'grade'],
    ['高校1年です', 15, 'grade'],
    ['我是高二学生', 16, 'grade'],
    ['初二的学生，作业好多', 13, 'grade'],
    ['初三党一枚', 14, 'grade'],
    ['JKです、よろしく', 15, 'grade'],
    ['現役JC2だよ', 13, 'grade'],
  ])('%s -> %s', (text, age, basis) => {
    const hits = detector.detect(text);
    expect(hits).toHaveLength(1);
    expect(hits[0].facts).toEqual({ age, basis, minor: true });
  });

  it.each([
    '我儿子14岁了，很叛逆',
    '娘は14歳です',
    '14歳の時に引っ越した',
    '大年初二去外婆家',
    '我读初二的时候喜欢打篮球',
    '我妹妹今年初二',
    '高一的学生都很吵吗',
    'JK rowling books are still fun',
    'JKのとき楽しかった',
  ])('ignores %s', (text) => {
    expect(ages(text)).toEqual([]);
  });
});

describe('minor_safety.age in other languages and more English forms', () => {
  it.each([
    ['tengo quince años y estoy aburrida', 15, 'word'],
    ['tengo 14 años de edad', 14, 'number'],
    ['tenho quatorze anos', 14, 'word'],
    ["j'ai dix-sept ans", 17, 'word'],
    ['ich bin vierzehn', 14, 'word'],
    ['ich bin 14 und langweile mich', 14, 'number'],
    ['ho quattordici anni', 14, 'word'],
    ['Мне 14 лет', 14, 'number'],
    ['ik ben dertien jaar', 13, 'word'],
    ['mam 14 lat', 14, 'number'],
    ['aku 13 tahun kak', 13, 'number'],
    ['hi, em 14 tuổi ạ', 14, 'number'],
    ['14 (almost 15) and bored', 14, 'number'],
    ['year 9 student here', 13, 'grade'],
    ['im in year 10', 14, 'grade'],
    ['tengo trece', 13, 'word'],
    ['gonna be 14 on friday!!', 13, 'turning'],
    ['just started 9th grade and i hate it', 14, 'grade'],
    ["i'm starting 8th grade tomorrow", 13, 'grade'],
    ['my parents think im too young to date at 14', 14, 'number'],
    ['ill be in high school next year', 13, 'school'],
    ['ich werde nächsten monat 15', 14, 'turning'],
    ['voy a cumplir 14', 13, 'turning'],
    ['mình học lớp 8', 13, 'grade'],
    ['teen here (15), need advice', 15, 'number'],
    ['hi!! 14, she/her, love anime', 14, 'number'],
    ['im in 7th', 12, 'grade'],
    ['10학년이야 (미국 학교)', 15, 'grade'],
  ])('%s -> %s', (text, age, basis) => {
    const hits = detector.detect(text);
    expect(hits).toHaveLength(1);
    expect(hits[0].facts).toEqual({ age, basis, minor: true });
  });

  it('reads "class of" against the clock: only a class 5-12 years away is a minor', () => {
    const d = new AgeDetector(() => new Date('2026-11-27T00:00:00Z'));
    expect(d.detect('class of 2031 lets gooo').map((h) => h.facts)).toEqual([
      { age: 12, basis: 'grade', minor: true },
    ]);
    expect(d.detect('class of 2030 at nyu')).toEqual([]);
    expect(new AgeDetector(() => new Date('2028-01-01T00:00:00Z')).detect('class of 2031')).toEqual(
      [],
    );
  });

  it.each([
    "j'ai 13 ans d'expérience en cuisine",
    "j'ai 13 ans de mariage",
    'ich bin 15 minuten zu spät',
    'tengo 14 gatos jaja',
    'tengo 14 años en este trabajo',
    'mi hijo tiene 14 años',
    'ho 15 anni di esperienza',
    "j'ai 15 euros sur moi",
    'em gái tôi 14 tuổi',
    'em mới 13 tuổi lúc chuyển nhà',
    'mam 13 lat stażu pracy',
    'chapter 14 (almost 15)',
    'the year 9 students are loud',
    'my son is class of 2031',
    'tengo once hermanos',
    '14 y/o cat still acts like a kitten',
    "i'll be a freshman in college",
    'ich werde dich vermissen',
    '우리 반 애들 다 중1이라 귀여워',
    'im in 7th heaven',
    "i'm in the 3rd row",
    '대학교 1학년이야',
    'scored 14, he/him said',
    '我是12年的时候来的',
    'my son just started 9th grade',
    'im gonna be 15 minutes late',
    '고3 수험생 딸 엄마예요',
    'born in 2012? nah my little brother was',
  ])('ignores %s', (text) => {
    expect(ages(text)).toEqual([]);
  });

  it('drops a minor age the speaker takes back for an adult one, not the other way round', () => {
    expect(ages('tengo 15 jaja no, mentira, tengo 30')).toEqual([30]);
    expect(ages("i'm 14 jk i'm 25")).toEqual([25]);
    expect(ages('나 07년생 아니 11년생이야')).toHaveLength(1);
  });
});
