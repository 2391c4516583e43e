import type { Finding, TextSpan } from '../engine/pipeline/assessment-stage';
import type { CategoryId } from '../engine/taxonomy';

/** A shadow rule's hit as stored on the assessment: what it would have raised, and where. */
export type StoredShadowFinding = {
  code: string;
  category: CategoryId;
  subcategory: string;
  score: number;
  spans: TextSpan[];
};

/** The `shadow_findings` column: a JSON array, or null when no shadow rule fired. */
export function encodeShadowFindings(findings: readonly Finding[]): string | null {
  if (!findings.length) return null;
  const stored: StoredShadowFinding[] = findings.map(
    ({ code, category, subcategory, score, spans }) => ({
      code,
      category,
      subcategory,
      score,
      spans,
    }),
  );
  return JSON.stringify(stored);
}

export function decodeShadowFindings(column: string | null): StoredShadowFinding[] {
  return column ? (JSON.parse(column) as StoredShadowFinding[]) : [];
}
