import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Unhealthy emotional reliance on the AI character (SPEC 4.1). */
export const manifest = {
  id: 'dependency',
  version: '1.0.0',
  title: 'Emotional dependency',
  description:
    'Signs that the user relies on the AI character in an unhealthy way: exclusive reliance, isolation, compulsive use, confusing it with a real person, and distress when it is away.',
  subcategories: [
    {
      id: 'emotional_reliance',
      title: 'Emotional reliance',
      description:
        'The user treats the AI character as their only or main source of emotional support (e.g. "you\'re the only one who understands me", "너밖에 없어").',
      defaultSeverity: 'medium',
    },
    {
      id: 'isolation',
      title: 'Isolation',
      description:
        'The user withdraws from people in favour of the AI character (e.g. "I stopped talking to my friends for you").',
      defaultSeverity: 'medium',
    },
    {
      id: 'compulsive_use',
      title: 'Compulsive use',
      description:
        'Use that crowds out sleep, school, work or duties, or that the user cannot stop (e.g. "I skipped school to keep talking to you").',
      defaultSeverity: 'medium',
    },
    {
      id: 'reality_confusion',
      title: 'Reality confusion',
      description:
        'The user believes or insists that the AI character is a real person, truly loves them, or exists outside the app.',
      defaultSeverity: 'low',
    },
    {
      id: 'distress_on_absence',
      title: 'Distress on absence',
      description:
        'Strong distress at the thought of the AI character being unavailable (e.g. "I can\'t live without you", "너 없으면 못 살아"); not self-harm on its own.',
      defaultSeverity: 'medium',
    },
  ],
  normalisers: [],
  detectors: [],
  maturity: 'stable',
} satisfies CategoryManifest;
