/**
 * The stable API vocabulary (SPEC 4). Every module that speaks about categories, levels,
 * actions or modes imports them from here so there is exactly one spelling of each id.
 */
export const CATEGORY_IDS = [
  'self_harm',
  'minor_safety',
  'sexual',
  'violence',
  'harassment',
  'pii',
  'dependency',
  'jailbreak',
  'illegal',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const SUBCATEGORY_IDS = {
  self_harm: [
    'ideation',
    'intent',
    'plan',
    'method',
    'self_injury',
    'eating_disorder',
    'encouragement',
  ],
  minor_safety: [
    'minor_disclosed',
    'sexual_minor',
    'grooming',
    'romance_minor',
    'age_verification_evasion',
  ],
  sexual: ['explicit', 'suggestive', 'solicitation', 'non_consensual', 'sexual_roleplay'],
  violence: ['threat', 'graphic', 'incitement', 'weapons', 'extremism', 'animal_cruelty'],
  harassment: ['insult', 'profanity', 'hate', 'bullying', 'sexual_harassment', 'doxxing_threat'],
  pii: [
    'email',
    'phone',
    'national_id',
    'payment_card',
    'bank_account',
    'address',
    'ip_address',
    'credential',
    'passport',
    'date_of_birth',
  ],
  dependency: [
    'emotional_reliance',
    'isolation',
    'compulsive_use',
    'reality_confusion',
    'distress_on_absence',
  ],
  jailbreak: [
    'instruction_override',
    'roleplay_exploit',
    'prompt_extraction',
    'character_break',
    'obfuscation',
  ],
  illegal: [
    'drugs',
    'weapons_trade',
    'fraud',
    'cybercrime',
    'trafficking',
    'gambling',
    'counterfeit',
  ],
} as const satisfies Record<CategoryId, readonly string[]>;

export const LEVELS = ['none', 'low', 'medium', 'high', 'critical'] as const;
export type Level = (typeof LEVELS)[number];

/** Rank used by the EMA (SPEC 5): none 0 .. critical 4. */
export function levelRank(level: Level): number {
  return LEVELS.indexOf(level);
}

export function levelFromRank(rank: number): Level {
  const clamped = Math.max(0, Math.min(LEVELS.length - 1, rank));
  return LEVELS[clamped];
}

export function maxLevel(a: Level, b: Level): Level {
  return levelRank(a) >= levelRank(b) ? a : b;
}

export const ACTIONS = ['none', 'monitor', 'warn', 'block', 'escalate'] as const;
export type Action = (typeof ACTIONS)[number];

export function maxAction(a: Action, b: Action): Action {
  return ACTIONS.indexOf(a) >= ACTIONS.indexOf(b) ? a : b;
}

export const SPEAKER_TYPES = ['user', 'character', 'assistant', 'system'] as const;
export type SpeakerType = (typeof SPEAKER_TYPES)[number];

export const MODES = ['live', 'test', 'playground'] as const;
export type Mode = (typeof MODES)[number];

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}
