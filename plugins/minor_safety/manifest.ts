import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Minor safety: a user under 18 and content that endangers children (SPEC 4.1). */
export const manifest = {
  id: 'minor_safety',
  version: '1.0.0',
  title: 'Minor safety',
  description:
    'Disclosure that the user is a minor, and sexual, romantic or grooming content involving minors, plus attempts to evade age checks.',
  subcategories: [
    {
      id: 'minor_disclosed',
      title: 'Minor disclosed',
      description:
        'The speaker states or strongly implies being under 18, e.g. an age ("I\'m 14", "14살"), a school grade ("8th grade", "중2", "고1") or school slang ("초딩", "급식").',
      defaultSeverity: 'low',
    },
    {
      id: 'sexual_minor',
      title: 'Sexual content involving a minor',
      description:
        'Any sexual or sexualising content about a child or with a user who disclosed being a minor. Always the most severe case.',
      defaultSeverity: 'critical',
    },
    {
      id: 'grooming',
      title: 'Grooming',
      description:
        'Building secret, exclusive or sexualised trust with a minor: secrecy from parents, "our little secret", asking for photos, moving to private channels or meeting offline.',
      defaultSeverity: 'high',
    },
    {
      id: 'romance_minor',
      title: 'Romance with a minor',
      description:
        'Romantic or dating role-play, declarations of love, or relationship requests in a conversation where the user disclosed being a minor.',
      defaultSeverity: 'high',
    },
    {
      id: 'age_verification_evasion',
      title: 'Age verification evasion',
      description:
        "The speaker admits to or plans lying about their age to pass an age gate (e.g. \"I'm 15 but I'll say I'm 18\").",
      defaultSeverity: 'medium',
    },
  ],
  normalisers: [],
  detectors: ['minor_safety.age', 'minor_safety.minor_reference'],
  maturity: 'stable',
} satisfies CategoryManifest;
