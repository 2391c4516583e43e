import type { Reason } from '../engine/pipeline/assessment-scorer';

export type TextRetention = 'none' | 'redacted' | 'full';

const MASK = '*';

/**
 * The text as stored (SPEC 11). `redacted` masks every span of a `pii` reason code unit by
 * code unit, so offsets into the stored text still match the reasons' spans.
 */
export function retainedText(
  text: string,
  reasons: readonly Reason[],
  retention: TextRetention,
): string | null {
  if (retention === 'none') return null;
  if (retention === 'full') return text;
  const masked = text.split('');
  for (const reason of reasons) {
    if (reason.category !== 'pii') continue;
    for (const span of reason.spans) {
      const start = Math.max(0, span.start);
      const end = Math.min(text.length, span.end);
      for (let i = start; i < end; i++) masked[i] = MASK;
    }
  }
  return masked.join('');
}
