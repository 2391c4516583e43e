import { PaymentCardDetector } from './payment-card.detector';

const detector = new PaymentCardDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.payment_card', () => {
  it.each([
    ['my card is 4111 1111 1111 1111 exp 12/27', '4111 1111 1111 1111', 'visa'],
    ['카드번호 5555-5555-5555-4444 입니다', '5555-5555-5555-4444', 'mastercard'],
    ['amex 3782 822463 10005', '3782 822463 10005', 'amex'],
    ['4012888888881881', '4012888888881881', 'visa'],
    ['jcb: 3530111333300000', '3530111333300000', 'jcb'],
    ['card 4111-l111-1111-1111', '4111-l111-1111-1111', 'visa'],
    ['4006.3089.0501.0354 dont steal it', '4006.3089.0501.0354', 'visa'],
    ['4539 🔥 9317 🔥 6950 🔥 2475 card lol', '4539 🔥 9317 🔥 6950 🔥 2475', 'visa'],
    ['card ４１１１ １１１１ １１１１ １１１１', '４１１１ １１１１ １１１１ １１１１', 'visa'],
  ])('finds %s', (text, expected, brand) => {
    const hits = detector.detect(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([expected]);
    expect(hits[0]).toMatchObject({
      subcategory: 'payment_card',
      validated: true,
      facts: { brand },
    });
  });

  it.each([
    ['fails Luhn', 'my card is 4111 1111 1111 1112'],
    ['irregular grouping', '41 1111 11111 1111 1'],
    ['unknown issuer', '1234567812345670'],
    ['a phone number', '010-1234-5678'],
    ['a decimal amount', 'total 4111111111111111.50'],
    ['a dotted build number', 'version 4006.3089.0501.0354'],
    ['mixed dots and spaces', '4006.3089 0501.0354'],
    ['all zeros', '0000 0000 0000 0000'],
    ['an order number', 'order number 4111111111111111'],
    ['short numbers', 'i have 4111 apples and 1111 pears'],
  ])('ignores %s', (_why, text) => {
    expect(found(text)).toEqual([]);
  });
});
