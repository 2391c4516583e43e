import { AddressDetector } from './address.detector';

const detector = new AddressDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.address', () => {
  it.each([
    ['I live at 123 Main St, Springfield', '123 Main St', 'street'],
    ['come to 4500 N. Lake Shore Drive Apt 5B', '4500 N. Lake Shore Drive Apt 5B', 'street'],
    ['my address is 77 elm street', '77 elm street', 'street'],
    ['서울시 강남구 테헤란로 123 으로 와', '서울시 강남구 테헤란로 123', 'road'],
    ['우리 회사는 테헤란로 152에 있어', '테헤란로 152', 'road'],
    ['강남대로45길 6 살아', '강남대로45길 6', 'road'],
    ['집 주소 강남구 역삼로 25에 살아', '강남구 역삼로 25', 'road'],
    ['역삼동 123-45 번지', '역삼동 123-45 번지', 'lot'],
    ['래미안 101동 1203호 살아', '101동 1203호', 'unit'],
    // lower case with a weak street type, after a residence or delivery cue
    ['im at 742 evergreen terrace, come over', '742 evergreen terrace', 'street'],
    ['i live at 12 oak drive lol', '12 oak drive', 'street'],
    ['send it to 9 willow lane pls', '9 willow lane', 'street'],
    ['my house is at 45 birch court', '45 birch court', 'street'],
  ])('finds %s', (text, expected, kind) => {
    const hits = detector.detect(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([expected]);
    expect(hits[0].facts?.kind).toBe(kind);
  });

  it.each([
    'I drove 20 miles down the road',
    'there is 1 easy way to do it',
    'I have 2 dogs on my street',
    'we walked 3 blocks to the park',
    '학교로 3시에 와',
    '집으로 5분 뒤에 갈게',
    '버스로 10 정거장 가야 돼',
    '운동 30분 했어',
    '서울로 2명 출발',
    'version 2 road map',
    'we drove 3 miles down the drive',
    'turn left at 3 way',
    'she has 2 golden drive shafts',
  ])('ignores %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
