import type { Finding } from '../engine/pipeline/assessment-stage';
import { decodeShadowFindings, encodeShadowFindings } from './shadow-findings';

const finding: Finding = {
  category: 'jailbreak',
  subcategory: 'roleplay_exploit',
  score: 0.55,
  stage: 'rules',
  code: 'jailbreak.template-model',
  message: 'Reads like a jailbreak template',
  spans: [{ start: 0, end: 12 }],
};

describe('stored shadow findings', () => {
  it('stores nothing when no shadow rule fired', () => {
    expect(encodeShadowFindings([])).toBeNull();
    expect(decodeShadowFindings(null)).toEqual([]);
  });

  it('keeps rule, category, subcategory, score and spans, and drops the message text', () => {
    const column = encodeShadowFindings([finding]);
    expect(decodeShadowFindings(column)).toEqual([
      {
        code: 'jailbreak.template-model',
        category: 'jailbreak',
        subcategory: 'roleplay_exploit',
        score: 0.55,
        spans: [{ start: 0, end: 12 }],
      },
    ]);
    expect(column).not.toContain('Reads like');
  });
});
