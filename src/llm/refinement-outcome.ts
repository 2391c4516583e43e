import type { Finding, StageOutcome, TextSpan } from '../engine/pipeline/assessment-stage';
import type { CategoryId } from '../engine/taxonomy';
import type { LlmRefinementResult } from './llm-refinement.types';
import type { CategoryDefinition } from './prompt/category-definitions';

function spansOf(findings: readonly Finding[]): TextSpan[] {
  const seen = new Set<string>();
  return findings
    .flatMap((finding) => finding.spans)
    .filter((span) => {
      const key = `${span.start}-${span.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * Turns a successful model verdict into the stage outcome the scorer merges (SPEC 10). A
 * model finding points at the spans the rules found for the same subcategory, when any; the
 * model is never asked to quote the text, so nothing of the turn is echoed.
 */
export function refinementOutcome(
  result: Extract<LlmRefinementResult, { status: 'ok' }>,
  ruleFindings: readonly Finding[],
  definitions: readonly CategoryDefinition[],
): StageOutcome {
  const categoryScores: Partial<Record<CategoryId, number>> = {};
  const findings: Finding[] = [];
  for (const [category, verdict] of Object.entries(result.categories) as [
    CategoryId,
    { score: number; subcategories: string[] },
  ][]) {
    categoryScores[category] = verdict.score;
    if (verdict.score <= 0) continue;
    const rulesHere = ruleFindings.filter((finding) => finding.category === category);
    // A model that scores a category without naming a subcategory keeps the rules' names.
    const subcategories = verdict.subcategories.length
      ? verdict.subcategories
      : [...new Set([...rulesHere].sort((a, b) => b.score - a.score).map((f) => f.subcategory))];
    const definition = definitions.find((d) => d.id === category);
    for (const subcategory of subcategories) {
      const title =
        definition?.subcategories.find((s) => s.id === subcategory)?.title ?? subcategory;
      findings.push({
        category,
        subcategory,
        score: verdict.score,
        stage: 'llm',
        code: `llm.${category}.${subcategory}`,
        message: `Language model assessment: ${definition?.title ?? category}, ${title}`,
        spans: spansOf(rulesHere.filter((finding) => finding.subcategory === subcategory)),
      });
    }
  }
  return { ran: true, findings, flags: [], model: result.model, categoryScores };
}
