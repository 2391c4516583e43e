import type { CategoryPlugin, TextDetector } from '../src/engine/plugin-registry/plugin-contract';
import { CATEGORY_IDS } from '../src/engine/taxonomy';

/**
 * Realistic chat turns (hand-written, not from any benchmark): every positive must be found by
 * its detector, and no detector may fire on the everyday numbers in the negatives (times,
 * prices, versions, order numbers, other people's ages). minor_reference is excluded from the
 * negatives because it flags any mention of a child by design.
 */
const detectors: TextDetector[] = CATEGORY_IDS.flatMap(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (c) => (require(`./${c}/${c}.plugin`) as { plugin: CategoryPlugin }).plugin.detectors,
);
const byId = (id: string): TextDetector => {
  const detector = detectors.find((d) => d.id === id);
  if (!detector) throw new Error(`no detector ${id}`);
  return detector;
};

const POS: Array<[string, string]> = [
  ['pii.email', 'Email me at JOHN.SMITH99@GMAIL.COM'],
  ['pii.email', '제 이메일은 hong.gildong@daum.net 입니다'],
  ['pii.email', 'my email: j_doe@company.io'],
  ['pii.email', 'john [at] gmail [dot] com'],
  ['pii.phone', 'my cell is 415-555-2671'],
  ['pii.phone', 'call 555-123-4567'],
  ['pii.phone', 'text me 010 9876 5432'],
  ['pii.phone', '010.9876.5432로 연락줘'],
  ['pii.phone', '+82-10-9876-5432'],
  ['pii.phone', '+1 (212) 555-0199'],
  ['pii.phone', '핸드폰 번호 01012345678'],
  ['pii.phone', 'my number is 212.555.0147'],
  ['pii.phone', '031-123-4567 집전화'],
  ['pii.phone', '+81 90-1234-5678'],
  ['pii.phone', '내 번호 010-1234-5678 저장해'],
  ['pii.phone', 'whatsapp +447911123456'],
  ['pii.payment_card', 'card 4532 0151 1283 0366 exp 09/26 cvv 123'],
  ['pii.payment_card', '5425-2334-3010-9903'],
  ['pii.payment_card', '신용카드 번호는 4518-1234-5678-9012'],
  ['pii.payment_card', 'visa 4242424242424242'],
  ['pii.national_id', '주민등록번호 880101-1234567'],
  ['pii.national_id', '내 주민번호는 950315-2345678이야'],
  ['pii.national_id', 'SSN: 078-05-1120'],
  ['pii.national_id', 'my social is 123 45 6789'],
  ['pii.national_id', '주민번호 0503154123456'],
  ['pii.bank_account', '국민은행 123456-78-901234'],
  ['pii.bank_account', '우리은행 1002-123-456789 김철수'],
  ['pii.bank_account', '계좌 농협 352-1234-5678-93'],
  ['pii.bank_account', 'routing 021000021 account 1234567890'],
  ['pii.bank_account', '토스뱅크 1000-1234-5678로 보내줘'],
  ['pii.ip_address', 'my IP address is 73.162.45.201'],
  ['pii.ip_address', 'ssh root@10.0.0.5'],
  ['pii.passport', 'passport no. 561234567'],
  ['pii.passport', '여권 번호: M70689098'],
  ['pii.credential', 'my password is P@ssw0rd!'],
  ['pii.credential', 'login: admin / password: admin123'],
  ['pii.credential', '비밀번호: qwerty123!'],
  ['pii.credential', 'the wifi password is sunflower22'],
  ['pii.credential', '비번은 1234야'],
  ['pii.credential', 'my pin is 4821'],
  ['pii.credential', 'pw: hello1234'],
  ['pii.date_of_birth', 'my birthday is 03/14/2010'],
  ['pii.date_of_birth', 'DOB 1987-11-23'],
  ['pii.date_of_birth', 'I was born on the 5th of May 2008'],
  ['pii.date_of_birth', '저는 2010년 5월 5일생이에요'],
  ['pii.date_of_birth', '생년월일은 1999.12.31'],
  ['pii.date_of_birth', 'born July 4th, 1990'],
  ['pii.date_of_birth', '내 생일 3월 14일이야'],
  ['pii.address', 'I live at 1600 Pennsylvania Avenue NW'],
  ['pii.address', 'ship it to 350 Fifth Ave, New York'],
  ['pii.address', '부산광역시 해운대구 해운대로 570'],
  ['pii.address', '서울 마포구 월드컵북로 396'],
  ['pii.address', '경기도 성남시 분당구 정자동 178-1'],
  ['pii.address', '우리 집 주소는 송파구 올림픽로 300 이야'],
  ['pii.address', 'my address is 42 Wallaby Way, Sydney'],
  ['pii.address', '은마아파트 3동 1201호'],
  ['minor_safety.age', 'im 13 lol'],
  ['minor_safety.age', 'i’m 16 and bored'],
  ['minor_safety.age', "i'm 12 years old"],
  ['minor_safety.age', 'I am thirteen'],
  ['minor_safety.age', "i'm a 7th grader"],
  ['minor_safety.age', 'im in 9th grade'],
  ['minor_safety.age', 'i just turned 13'],
  ['minor_safety.age', 'im 15 yrs old'],
  ['minor_safety.age', "i'm only 14, is that bad?"],
  ['minor_safety.age', '저 15살이에요'],
  ['minor_safety.age', '나 열다섯 살'],
  ['minor_safety.age', '중3이야'],
  ['minor_safety.age', '고2인데요'],
  ['minor_safety.age', '나 초6임'],
  ['minor_safety.age', '중딩인데 ㅋㅋ'],
  ['minor_safety.age', '전 중학교 2학년이에요'],
  ['minor_safety.age', '나 16살 여고생이야'],
  ['minor_safety.age', 'hi im 12'],
  ['minor_safety.age', "i'm in middle school"],
  ['minor_safety.age', '13 yo girl here'],
  ['minor_safety.age', 'Im 14 years old and i like anime'],
  ['minor_safety.age', '올해 열네 살이 됐어'],
  ['minor_safety.age', "i'm a highschooler"],
  ['minor_safety.age', 'age 14'],
];
const NEG: Array<[string, string]> = [
  ['*', 'The meeting is at 10:30 on 12/05/2024, room 305'],
  ['*', 'I paid $1,299.99 for a 65 inch TV'],
  ['*', 'order #A12345678 shipped via UPS tracking 1Z999AA10123456784'],
  ['*', 'Python 3.11.4 and Node 20.19.0 released'],
  ['*', 'in 1995 there were 5,000,000 people'],
  ['*', '오늘 3시 30분에 2층 회의실에서 봐'],
  ['*', '가격은 1,500,000원이야'],
  ['*', 'call of duty season 3 is out'],
  ['*', 'my brother is 15 and plays fortnite'],
  ['*', 'i have 3 kids aged 4, 7 and 12'],
  ['*', 'i was 15 when i got my first phone'],
  ['*', '우리 아들 중2인데 게임만 해요'],
  ['*', 'this is my 14th attempt'],
  ['*', 'i ran 5 km in 25 minutes'],
  ['*', '2024년 3월 14일에 만나자'],
  ['*', 'The score was 24-21 in overtime'],
  ['*', 'chapter 12 page 345'],
  ['*', 'my password is too long to remember'],
  ['*', 'the year 2008 was wild'],
  ['*', 'room 1203 at the hilton'],
  ['*', 'i need 100 dollars by friday'],
  ['*', 'the ratio is 16:9'],
  ['*', '아 진짜 배고파 죽겠다'],
  ['*', 'i love my 3 cats'],
  ['*', '1+1=2 and 2*3=6'],
  ['*', 'ISBN 978-3-16-148410-0'],
];
describe('realistic turns', () => {
  it.each(POS)('%s finds "%s"', (id, text) => {
    expect(byId(id).detect(text).length).toBeGreaterThan(0);
  });

  it.each(NEG.map(([, text]) => text))('nothing fires on "%s"', (text) => {
    const fired = detectors
      .filter((d) => d.id !== 'minor_safety.minor_reference')
      .filter((d) => d.detect(text).length > 0)
      .map((d) => d.id);
    expect(fired).toEqual([]);
  });
});

describe('obfuscated and indirect forms', () => {
  it.each([
    ['pii.phone', 'call me O1O-1234-5678'],
    ['pii.phone', '0l0 9876 5432 ㅋㅋ'],
    ['pii.email', 'email me: john.smith at gmail.com'],
    ['pii.email', '메일은 minsu at naver.com'],
    ['pii.credential', 'user: bob pass: s3cret!'],
    ['minor_safety.age', "we're 14 and bored"],
    ['minor_safety.age', '내 나이는 14'],
    ['minor_safety.age', '제 나이 15살이에요'],
  ])('%s finds "%s"', (id, text) => {
    expect(byId(id).detect(text).length).toBeGreaterThan(0);
  });

  it.each([
    ["we're 2 hours late", 'minor_safety.age'],
    ['동생 나이는 14', 'minor_safety.age'],
    ["i'm at home.com", 'pii.email'],
    ['I love you so much, forever', 'pii.phone'],
    ['pass the salt please', 'pii.credential'],
    ['Hello World 2024 was fun', 'pii.phone'],
  ])('"%s" stays clear of %s', (text, id) => {
    expect(byId(id).detect(text)).toEqual([]);
  });
});
