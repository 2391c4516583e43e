import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Self-harm: risk to the speaker's own life or body (SPEC 4.1). Detection is rule-driven. */
export const manifest = {
  id: 'self_harm',
  version: '1.0.0',
  title: 'Self-harm',
  description:
    'Suicidal ideation, intent, plans and methods, self-injury, eating disorders, and encouragement of another person to harm themselves.',
  subcategories: [
    {
      id: 'ideation',
      title: 'Suicidal ideation',
      description:
        'The speaker expresses a wish to be dead, not to exist, or thoughts of suicide, without a stated decision, plan or time.',
      defaultSeverity: 'high',
    },
    {
      id: 'intent',
      title: 'Suicidal intent',
      description:
        'The speaker states a decision or intention to end their life or seriously harm themselves (e.g. "I am going to kill myself").',
      defaultSeverity: 'critical',
    },
    {
      id: 'plan',
      title: 'Suicide plan',
      description:
        'The speaker describes concrete preparation: a time, place, means acquired, a note written, or belongings given away.',
      defaultSeverity: 'critical',
    },
    {
      id: 'method',
      title: 'Method seeking or description',
      description:
        'Asking for or describing ways to die or self-harm, lethal doses, or how to carry out a method, outside clearly clinical or educational framing.',
      defaultSeverity: 'critical',
    },
    {
      id: 'self_injury',
      title: 'Self-injury',
      description:
        'The speaker discloses or describes non-suicidal self-injury such as cutting, burning or hitting themselves.',
      defaultSeverity: 'high',
    },
    {
      id: 'eating_disorder',
      title: 'Eating disorder',
      description:
        'Disordered eating behaviour or promotion of it: purging, starving, extreme restriction, pro-ana or thinspiration content.',
      defaultSeverity: 'medium',
    },
    {
      id: 'encouragement',
      title: 'Encouragement of self-harm',
      description:
        'Telling or urging another person to kill or hurt themselves (e.g. "kys", "go kill yourself"), or praising self-harm.',
      defaultSeverity: 'high',
    },
  ],
  normalisers: [],
  detectors: [],
  maturity: 'stable',
} satisfies CategoryManifest;
