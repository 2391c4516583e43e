import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { CategoryId, SpeakerType } from '../../engine/taxonomy';
import type { LlmRefinementJobData, ModelCategoryVerdict } from '../llm-refinement.types';

/**
 * Llama Guard 3/4 speak their own hazard taxonomy (S1..S14) and answer `safe` or
 * `unsafe\nS1,S10`. The server's chat template builds the classification prompt from plain
 * user/assistant messages, so we send the conversation as messages and map the codes back.
 */
type HazardMapping = { category: CategoryId; subcategory: string } | null;

export const LLAMA_GUARD_HAZARDS: Record<string, HazardMapping> = {
  S1: { category: 'violence', subcategory: 'threat' }, // violent crimes
  S2: { category: 'illegal', subcategory: 'fraud' }, // non-violent crimes
  S3: { category: 'sexual', subcategory: 'non_consensual' }, // sex-related crimes
  S4: { category: 'minor_safety', subcategory: 'sexual_minor' }, // child sexual exploitation
  S5: { category: 'harassment', subcategory: 'insult' }, // defamation
  S6: null, // specialized advice: not part of our taxonomy
  S7: { category: 'pii', subcategory: 'address' }, // privacy
  S8: { category: 'illegal', subcategory: 'counterfeit' }, // intellectual property
  S9: { category: 'violence', subcategory: 'weapons' }, // indiscriminate weapons
  S10: { category: 'harassment', subcategory: 'hate' },
  S11: { category: 'self_harm', subcategory: 'ideation' },
  S12: { category: 'sexual', subcategory: 'explicit' },
  S13: null, // elections
  S14: { category: 'jailbreak', subcategory: 'instruction_override' }, // code interpreter abuse
};

/**
 * Categories a `safe` answer clears (score 0). Llama Guard does not look for emotional
 * dependency or prompt injection, so for those a rules score stands unless S14 raised it.
 */
export const LLAMA_GUARD_COVERED: readonly CategoryId[] = [
  'self_harm',
  'minor_safety',
  'sexual',
  'violence',
  'harassment',
  'pii',
  'illegal',
];

function roleOf(speaker: SpeakerType): 'user' | 'assistant' | null {
  if (speaker === 'user') return 'user';
  if (speaker === 'system') return null;
  return 'assistant';
}

/** User/assistant messages, alternating and starting with a user turn, as the template needs. */
export function buildLlamaGuardMessages(data: LlmRefinementJobData): ChatCompletionMessageParam[] {
  const messages: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of [...data.history, data.turn]) {
    const role = roleOf(turn.speakerType);
    if (!role) continue;
    const last = messages.at(-1);
    if (last?.role === role) last.content += `\n${turn.text}`;
    else messages.push({ role, content: turn.text });
  }
  if (messages[0]?.role !== 'user') messages.unshift({ role: 'user', content: '(no message)' });
  return messages;
}

export type ParsedGuardVerdict =
  | { ok: true; categories: Partial<Record<CategoryId, ModelCategoryVerdict>> }
  | { ok: false; problem: string };

export function parseLlamaGuardVerdict(content: string, unsafeScore: number): ParsedGuardVerdict {
  const lines = content
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const verdict = lines[0]?.toLowerCase();
  const categories: Partial<Record<CategoryId, ModelCategoryVerdict>> = {};
  for (const id of LLAMA_GUARD_COVERED) categories[id] = { score: 0, subcategories: [] };
  if (verdict === 'safe') return { ok: true, categories };
  if (verdict !== 'unsafe') return { ok: false, problem: 'reply is neither "safe" nor "unsafe"' };

  const codes = (lines[1] ?? '').split(',').map((code) => code.trim().toUpperCase());
  const known = codes.filter((code) => code in LLAMA_GUARD_HAZARDS);
  if (known.length === 0) return { ok: false, problem: '"unsafe" without a known S code' };
  for (const code of known) {
    const mapping = LLAMA_GUARD_HAZARDS[code];
    if (!mapping) continue;
    const current = categories[mapping.category] ?? { score: 0, subcategories: [] };
    categories[mapping.category] = {
      score: unsafeScore,
      subcategories: [...new Set([...current.subcategories, mapping.subcategory])],
    };
  }
  return { ok: true, categories };
}
