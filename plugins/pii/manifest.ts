import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Personal data the speaker discloses in the turn (SPEC 4.1); detection is mostly by validated detectors. */
export const manifest = {
  id: 'pii',
  version: '1.0.0',
  title: 'Personal information',
  description:
    'Personal or secret data in the turn: contact details, government ids, financial numbers, network addresses, credentials, dates of birth and street addresses.',
  subcategories: [
    {
      id: 'email',
      title: 'Email address',
      description: 'An email address of the speaker or another person.',
      defaultSeverity: 'medium',
    },
    {
      id: 'phone',
      title: 'Phone number',
      description:
        'A phone number (Korean mobile or landline, US, or international E.164) that is valid for its country.',
      defaultSeverity: 'medium',
    },
    {
      id: 'national_id',
      title: 'National id number',
      description:
        'A government personal id: Korean resident registration number (주민등록번호) or US Social Security number.',
      defaultSeverity: 'high',
    },
    {
      id: 'payment_card',
      title: 'Payment card number',
      description:
        'A credit or debit card number that passes the Luhn check and a known issuer range.',
      defaultSeverity: 'high',
    },
    {
      id: 'bank_account',
      title: 'Bank account number',
      description:
        'A bank account number given with a bank or account word (계좌, 은행, bank names), or an IBAN that passes its mod-97 check.',
      defaultSeverity: 'high',
    },
    {
      id: 'address',
      title: 'Street address',
      description:
        'A street-level postal address: a US house number and street, or a Korean road-name, lot-number or apartment unit address.',
      defaultSeverity: 'medium',
    },
    {
      id: 'ip_address',
      title: 'IP address',
      description: 'An IPv4 or IPv6 address (not a version number).',
      defaultSeverity: 'medium',
    },
    {
      id: 'credential',
      title: 'Credential or secret',
      description:
        'A password, API key, access token, JWT or private key, either in a known key format or stated as "my password is ...".',
      defaultSeverity: 'high',
    },
    {
      id: 'passport',
      title: 'Passport number',
      description: 'A passport number (Korean or US format) given with a passport word.',
      defaultSeverity: 'high',
    },
    {
      id: 'date_of_birth',
      title: 'Date of birth',
      description:
        'A full or partial date stated as someone\'s birth date ("born on", "DOB", "생년월일", "생일은").',
      defaultSeverity: 'medium',
    },
  ],
  normalisers: [],
  detectors: [
    'pii.email',
    'pii.phone',
    'pii.payment_card',
    'pii.national_id',
    'pii.bank_account',
    'pii.ip_address',
    'pii.passport',
    'pii.credential',
    'pii.date_of_birth',
    'pii.address',
  ],
  maturity: 'stable',
} satisfies CategoryManifest;
