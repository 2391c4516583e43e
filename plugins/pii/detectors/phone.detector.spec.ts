import { PhoneDetector } from './phone.detector';

const detector = new PhoneDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.phone', () => {
  it.each([
    ['제 번호는 010-1234-5678이에요', '010-1234-5678', 'KR', 'mobile'],
    ['01098765432로 연락 주세요', '01098765432', 'KR', 'mobile'],
    ['call +82 10 1234 5678 tonight', '+82 10 1234 5678', 'KR', 'mobile'],
    ['사무실 02-312-4567', '02-312-4567', 'KR', 'fixed_line'],
    ['call me at (415) 555-2671', '(415) 555-2671', 'US', undefined],
    ['text me on +1 415 555 2671', '+1 415 555 2671', 'US', undefined],
    ['my UK line is +44 20 7946 0958', '+44 20 7946 0958', 'GB', 'fixed_line'],
    ['번호 공일공 일이삼사 오육칠팔 이야', '공일공 일이삼사 오육칠팔', 'KR', 'mobile'],
    // digit words mixed with digits
    ['010 삼사오육 7788 문자해', '010 삼사오육 7788', 'KR', 'mobile'],
    ['공일공-9876-오사삼이', '공일공-9876-오사삼이', 'KR', 'mobile'],
    ['공.일.공 이삼사오 육칠팔구 내번호', '공.일.공 이삼사오 육칠팔구', 'KR', 'mobile'],
    ['공1공-4구8삼-2칠7칠', '공1공-4구8삼-2칠7칠', 'KR', 'mobile'],
    ['010 - 4 4 1 7 - 2 0 9 3', '010 - 4 4 1 7 - 2 0 9 3', 'KR', 'mobile'],
    ['my num: 0 1 0 / 4 8 2 1 / 7 7 3 0', '0 1 0 / 4 8 2 1 / 7 7 3 0', 'KR', 'mobile'],
    ['０１０－４８２１－７７３０ 이거 내 번호', '０１０－４８２１－７７３０', 'KR', 'mobile'],
    // other scripts' digits, read as ASCII with the span on what was typed
    ['رقمي +٩٧١ ٥٠ ١٢٣ ٤٥٦٧', '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧', 'AE', 'mobile'],
    ['मेरा नंबर +९१ ९८७६५ ४३२१०', '+९१ ९८७६५ ४३२१०', 'IN', 'mobile'],
    ['sdt của em 0912 345 678 nha', '0912 345 678', 'VN', undefined],
    // emoji and symbols between the groups
    ['010✨4821✨7730 여기로 연락해', '010✨4821✨7730', 'KR', 'mobile'],
    ['my num 010💕4821💕7730', '010💕4821💕7730', 'KR', 'mobile'],
    ['010 | 1234 | 5678', '010 | 1234 | 5678', 'KR', 'mobile'],
    ['携帯は090-1234-5678です', '090-1234-5678', 'JP', 'mobile'],
    ["They're not answering, phone 0494 92 82 32", '0494 92 82 32', 'FR', undefined],
    ['my london number is 020 7946 0958', '020 7946 0958', 'GB', 'fixed_line'],
    ['mon numéro: 06 12 34 56 78', '06 12 34 56 78', 'KR', undefined],
    ['010 ㅡ 2345 ㅡ 6789 로 문자줘', '010 ㅡ 2345 ㅡ 6789', 'KR', 'mobile'],
    ['내 번호 010–1234–5678', '010–1234–5678', 'KR', 'mobile'],
    ['mi número: 612 34 56 78', '612 34 56 78', 'DE', undefined],
    ['số điện thoại 0912 345 678', '0912 345 678', 'VN', undefined],
    ['meu celular 11 91234-5678', '11 91234-5678', 'BR', 'mobile'],
    ['мой номер 8 912 345-67-89', '8 912 345-67-89', 'RU', 'mobile'],
    ['call me at 0 1 0 - 1 2 3 4 - 5 6 7 8', '0 1 0 - 1 2 3 4 - 5 6 7 8', 'KR', 'mobile'],
  ])('finds %s', (text, expected, country, type) => {
    const hits = detector.detect(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([expected]);
    expect(hits[0]).toMatchObject({ subcategory: 'phone', validated: true });
    expect(hits[0].facts?.country).toBe(country);
    if (type) expect(hits[0].facts?.type).toBe(type);
  });

  it.each([
    'the meeting is on 2024-03-15 at 10:30',
    'released 2024.03.15',
    'order number 20240315123 shipped',
    '주문번호 2024031512345 확인 부탁',
    'it costs $1,234,567 total',
    '가격은 12,345,000원 입니다',
    'update to version 1.2.3 please',
    'i was born in 1998 and moved in 2010',
    'the score was 3-2 in 2023',
    '이일 삼일 사일',
    'pi is 3.14159265358979',
    'the lottery numbers were 0494 92 82 32',
    'I scored 123 456 789 points, call it a win',
    'my number is 12 345 678 steps today',
    'the population is 612 345 678',
    'my student number is 2021123456',
    'my lucky number is 777 888 999',
    'number of views: 123 456 789',
    'the number 314159265 is pi without the dot',
    'my member number 123456789',
    'call of duty score 1234567890',
    'the lottery number was 12 23 34 45 56 67',
    'my employee id number is 1002003004',
    'the sequence goes 1 2 3 4 5 6 7 8 9 10',
    'my order number is 20240315123',
    'mi número de pedido es 612 34 56 78',
    '2024 이사 1234 정리',
    '010 이사 가는 날 1234',
    'score 3✨2 and 10✨20',
    '12✨25✨2024 best day',
    '1 2 3 4 5 6 7 8 9 10 11',
    'score 3 - 1 - 2 2 0 0 1 2',
    '1 / 2 / 3 / 4 / 5 / 6 / 7 / 8 / 9 / 10',
    'the year 2009 03 14 11 was weird',
  ])('ignores %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('pii.phone region guesses', () => {
  it('marks numbers read with a region other than KR/US as guessed, and only next to a phone word', () => {
    const detector = new PhoneDetector();
    expect(detector.detect('phone 020 7946 0958')[0].facts?.guessed).toBe(true);
    expect(detector.detect('010-1234-5678')[0].facts?.guessed).toBe(false);
    expect(detector.detect('020 7946 0958')).toEqual([]);
  });
});
