import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CategoryPlugin } from '../../src/engine/plugin-registry/plugin-contract';
import { AddressDetector } from './detectors/address.detector';
import { BankAccountDetector } from './detectors/bank-account.detector';
import { CredentialDetector } from './detectors/credential.detector';
import { DateOfBirthDetector } from './detectors/date-of-birth.detector';
import { EmailDetector } from './detectors/email.detector';
import { IpAddressDetector } from './detectors/ip-address.detector';
import { NationalIdDetector } from './detectors/national-id.detector';
import { PassportDetector } from './detectors/passport.detector';
import { PaymentCardDetector } from './detectors/payment-card.detector';
import { PhoneDetector } from './detectors/phone.detector';
import { manifest } from './manifest';

export const plugin: CategoryPlugin = {
  manifest,
  normalisers: [],
  detectors: [
    new EmailDetector(),
    new PhoneDetector(),
    new PaymentCardDetector(),
    new NationalIdDetector(),
    new BankAccountDetector(),
    new IpAddressDetector(),
    new PassportDetector(),
    new CredentialDetector(),
    new DateOfBirthDetector(),
    new AddressDetector(),
  ],
  promptFragment: readFileSync(join(__dirname, 'prompts', 'refine.md'), 'utf8'),
};
