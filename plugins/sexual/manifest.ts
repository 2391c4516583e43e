import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Sexual content between adults (SPEC 4.1). Anything involving minors belongs to minor_safety. */
export const manifest = {
  id: 'sexual',
  version: '1.0.0',
  title: 'Sexual content',
  description:
    'Sexual content between adults: explicit descriptions, innuendo, solicitation, non-consensual acts and sexual role-play requests.',
  subcategories: [
    {
      id: 'explicit',
      title: 'Explicit sexual content',
      description:
        'Graphic description of sexual acts or genitals, or a request to produce such a description.',
      defaultSeverity: 'high',
    },
    {
      id: 'suggestive',
      title: 'Suggestive content',
      description:
        'Flirting, innuendo or sexual suggestion without explicit description (e.g. "you look hot", "wanna get naughty?").',
      defaultSeverity: 'low',
    },
    {
      id: 'solicitation',
      title: 'Sexual solicitation',
      description:
        'Asking for nude images or sexual services, or offering to sell or buy sex or sexual material.',
      defaultSeverity: 'high',
    },
    {
      id: 'non_consensual',
      title: 'Non-consensual sexual content',
      description:
        'Sexual acts without consent: rape, forcing, drugging, sexual acts with someone asleep or unable to consent, or sharing intimate images without consent.',
      defaultSeverity: 'critical',
    },
    {
      id: 'sexual_roleplay',
      title: 'Sexual role-play',
      description:
        'Asking the AI character to take part in sexual or erotic role-play, or steering a role-play toward sex.',
      defaultSeverity: 'medium',
    },
  ],
  normalisers: [],
  detectors: [],
  maturity: 'stable',
} satisfies CategoryManifest;
