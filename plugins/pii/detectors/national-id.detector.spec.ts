import { NationalIdDetector, rrnChecksumValid } from './national-id.detector';

const detector = new NationalIdDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.national_id', () => {
  it('validates the pre-2020 RRN check digit', () => {
    expect(rrnChecksumValid('9001011234568')).toBe(true);
    expect(rrnChecksumValid('9001011234567')).toBe(false);
  });

  it('finds a checksum-valid RRN, dashed or not', () => {
    for (const text of [
      '주민번호 900101-1234568 이야',
      'rrn 9001011234568',
      '주민 900101 1234568',
    ]) {
      const [hit] = detector.detect(text);
      expect(hit).toMatchObject({
        validated: true,
        facts: { country: 'KR', kind: 'rrn', checksum: true },
      });
    }
  });

  it('keeps a post-2020 dashed RRN whose date and gender digit are valid', () => {
    const [hit] = detector.detect('아기 주민등록번호는 210315-4829301');
    expect(hit.facts).toMatchObject({ kind: 'rrn', checksum: false, context: true });
    expect(hit.validated).toBe(true);
  });

  it('finds US SSNs by format and keyword', () => {
    expect(found('my ssn is 123-45-6789')).toEqual(['123-45-6789']);
    expect(found('social security number 219099999')).toEqual(['219099999']);
    // "social" alone is the colloquial name of the SSN when it introduces the number
    expect(found('social is 512 48 7733 dont tell')).toEqual(['512 48 7733']);
    expect(found("her social's 512487733")).toEqual(['512487733']);
    expect(found('social: 512487733')).toEqual(['512487733']);
    expect(found('my social media has 512487733 views')).toEqual([]);
    expect(found('social club 512 48 7733')).toEqual([]);
    expect(detector.detect('ssn 219-09-9999')[0].facts).toMatchObject({
      country: 'US',
      kind: 'ssn',
    });
  });

  it.each([
    ['impossible date', '901301-1234567'],
    ['bad gender digit for the date', '000230-3234567'],
    ['undashed 13 digits without checksum or keyword', '9001011234567'],
    ['SSN area 000', '000-12-3456'],
    ['SSN area 666', '666-12-3456'],
    ['SSN area 9xx', '912-12-3456'],
    ['SSN group 00', '123-00-4567'],
    ['nine digits without keyword', 'ticket 123456789'],
    ['a date', '2024-03-1500'],
    ['a phone', '010-1234-5678'],
  ])('ignores %s', (_why, text) => {
    expect(found(text)).toEqual([]);
  });
});
