import { EmailDetector } from './email.detector';

const detector = new EmailDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.email', () => {
  it.each([
    ['my email is jane.doe@example.com', 'jane.doe@example.com'],
    ['메일 minji0822＠naver．com 으로 줘', 'minji0822＠naver．com'],
    ['j a n e . d o e @ g m a i l . c o m', 'j a n e . d o e @ g m a i l . c o m'],
    ['메일은 kim_1234@naver.com으로 보내줘', 'kim_1234@naver.com'],
    ['contact: a.b+tag@mail.co.kr.', 'a.b+tag@mail.co.kr'],
    ['jane dot doe at gmail dot com', 'doe at gmail dot com'],
    ['write to jane(at)gmail.com', 'jane(at)gmail.com'],
    ['minsu 골뱅이 naver 닷 com 으로 연락해', 'minsu 골뱅이 naver 닷 com'],
    ['mi correo es lucia.gomez(arroba)hotmail.com', 'lucia.gomez(arroba)hotmail.com'],
    ['escríbeme a lucia arroba gmail punto es', 'lucia arroba gmail punto es'],
    ["mon mail c'est julie.martin at orange point fr", 'julie.martin at orange point fr'],
    ['meine Adresse: jonas punkt weber at gmx punkt de', 'weber at gmx punkt de'],
    ['contact me -> mia @ icloud . com', 'mia @ icloud . com'],
  ])('finds %s', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it('marks plain addresses validated and spelled ones obfuscated', () => {
    const [plain] = detector.detect('x jane@example.org');
    expect(plain).toMatchObject({ subcategory: 'email', validated: true, facts: { tld: 'org' } });
    const [spelled] = detector.detect('jane at example dot org');
    expect(spelled.facts).toMatchObject({ obfuscated: true });
  });

  it.each([
    'follow me @jane_doe on insta',
    'use logo@2x.png for retina',
    "i'm at home.com right now",
    'meet me at school at 3',
    'look at this point in the story',
    'we met at the point in time when it rained',
    "i'm at work. me too",
    'the price is 5@10 dollars',
    '',
    'j a n e is my name, spelled out',
    'a @ b c d e f g',
  ])('ignores %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
