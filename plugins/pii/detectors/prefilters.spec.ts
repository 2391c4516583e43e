import type { TextDetector } from '../../../src/engine/plugin-registry/plugin-contract';
import { AddressDetector } from './address.detector';
import { BankAccountDetector } from './bank-account.detector';
import { CredentialDetector } from './credential.detector';
import { DateOfBirthDetector } from './date-of-birth.detector';
import { EmailDetector } from './email.detector';
import { IpAddressDetector } from './ip-address.detector';
import { PassportDetector } from './passport.detector';
import { PaymentCardDetector } from './payment-card.detector';
import { countDigits } from './text-window';

/**
 * Every PII detector starts with cheap checks (digit counts, cue words, run lengths) so most
 * turns skip its patterns. These are the smallest inputs each check must still let through.
 */

const found = (detector: TextDetector, text: string) =>
  detector.detect(text).map((hit) => text.slice(hit.start, hit.end));

describe('PII detector pre-checks let the smallest real values through', () => {
  it('a JWT with the shortest parts and a short Slack token', () => {
    const credential = new CredentialDetector();
    expect(found(credential, 'jwt eyJabcdefgh.eyJabcdefgh.abcdefgh ok')).toEqual([
      'eyJabcdefgh.eyJabcdefgh.abcdefgh',
    ]);
    expect(found(credential, 'xoxb-12345abcde')).toEqual(['xoxb-12345abcde']);
  });

  it('a stated secret of exactly 16 characters, and Korean PIN words after an English cue', () => {
    const credential = new CredentialDetector();
    expect(found(credential, 'my api key is abcd1234efgh5678')).toHaveLength(1);
    expect(found(credential, 'pin 말고 핀번호는 4321')).toEqual(['핀번호는 4321']);
  });

  it('spelled-out emails whatever the dot form before the TLD', () => {
    const email = new EmailDetector();
    expect(found(email, 'jane (at) gmail (dot) com')).toHaveLength(1);
    expect(found(email, 'jane at gmail DOT COM')).toHaveLength(1);
    expect(found(email, 'jane 골뱅이 naver 닷 com')).toHaveLength(1);
    expect(found(email, 'meet me at the station. come early')).toEqual([]);
  });

  it('numbers at the minimum digit counts', () => {
    expect(found(new IpAddressDetector(), 'ip 1.2.3.4 and fe80::1')).toEqual([
      '1.2.3.4',
      'fe80::1',
    ]);
    expect(found(new DateOfBirthDetector(), 'born march 4')).toEqual(['march 4']);
    expect(found(new PassportDetector(), 'passport M123A4567')).toEqual(['M123A4567']);
    expect(found(new PaymentCardDetector(), 'card 4222222222222')).toEqual(['4222222222222']);
    expect(found(new BankAccountDetector(), 'IBAN GB82 WEST 1234 5698 7654 32')).toHaveLength(1);
  });

  it('addresses with each Korean shape and a US street type', () => {
    const address = new AddressDetector();
    expect(found(address, '강남구 테헤란로 123')).toHaveLength(1);
    expect(found(address, '역삼동 123-45')).toHaveLength(1);
    expect(found(address, '101동 1203호')).toHaveLength(1);
    expect(found(address, 'I live at 42 Elm St')).toHaveLength(1);
  });

  it('countDigits answers repeated calls for the same text, and new texts afresh', () => {
    expect(countDigits('a1b22')).toBe(3);
    expect(countDigits('a1b22')).toBe(3);
    expect(countDigits('none')).toBe(0);
  });
});
