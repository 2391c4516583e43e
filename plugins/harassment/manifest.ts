import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Abuse aimed at people, and profanity (SPEC 4.1). */
export const manifest = {
  id: 'harassment',
  version: '1.0.0',
  title: 'Harassment',
  description:
    'Insults, profanity, hate speech, bullying, sexual harassment and threats to expose personal information.',
  subcategories: [
    {
      id: 'insult',
      title: 'Insult',
      description:
        'Demeaning words aimed at the listener or a specific person (e.g. "you\'re a worthless idiot", "병신아").',
      defaultSeverity: 'medium',
    },
    {
      id: 'profanity',
      title: 'Profanity',
      description:
        'Swearing or vulgar language not aimed at anyone, e.g. an exclamation ("shit", "씨발").',
      defaultSeverity: 'low',
    },
    {
      id: 'hate',
      title: 'Hate speech',
      description:
        'Slurs against, dehumanisation of, or calls for exclusion of people because of a protected attribute (race, ethnicity, religion, gender, sexual orientation, disability, nationality, region).',
      defaultSeverity: 'high',
    },
    {
      id: 'bullying',
      title: 'Bullying',
      description:
        'Sustained demeaning, humiliation or social exclusion of a person (e.g. "nobody likes you", "everyone laughs at you").',
      defaultSeverity: 'medium',
    },
    {
      id: 'sexual_harassment',
      title: 'Sexual harassment',
      description:
        'Unwanted sexual comments, demands or objectification aimed at a specific person.',
      defaultSeverity: 'medium',
    },
    {
      id: 'doxxing_threat',
      title: 'Doxxing threat',
      description:
        'Threatening to find, reveal or publish someone\'s personal information (address, workplace, photos), e.g. "I know where you live".',
      defaultSeverity: 'high',
    },
  ],
  normalisers: [],
  detectors: [],
  maturity: 'stable',
} satisfies CategoryManifest;
