import { BankAccountDetector, ibanValid } from './bank-account.detector';

const detector = new BankAccountDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.bank_account', () => {
  it.each([
    ['신한은행 110-123-456789 로 입금해줘', '110-123-456789'],
    ['새마을금고 9002-1234-5678-9 송금해줘', '9002-1234-5678-9'],
    ['토스 1000-5566-7788 로 만원만', '1000-5566-7788'],
    ['계좌번호: 1002-345-678901', '1002-345-678901'],
    ['카카오뱅크 3333012345678 예금주 김민수', '3333012345678'],
    ['my bank account number is 000123456789', '000123456789'],
  ])('finds %s', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it('validates IBANs with mod-97', () => {
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('DE89370400440532013001')).toBe(false);
    const [hit] = detector.detect('IBAN: DE89 3704 0044 0532 0130 00');
    expect(hit).toMatchObject({ validated: true, facts: { country: 'DE', kind: 'iban' } });
    expect(found('GB82 WEST 1234 5698 7654 32')).toEqual(['GB82 WEST 1234 5698 7654 32']);
  });

  it.each([
    ['no bank word', '110-123-456789'],
    ['a phone number near a bank word', '은행 번호 010-1234-5678'],
    ['too short', '계좌 123-4567'],
    ['a date', '입금일 2024-03-15'],
    ['bad IBAN', 'DE89 3704 0044 0532 0130 01'],
    ['bank word far away', '은행에 갔다. ' + 'x'.repeat(60) + ' 110-123-456789'],
  ])('ignores %s', (_why, text) => {
    expect(found(text)).toEqual([]);
  });
});
