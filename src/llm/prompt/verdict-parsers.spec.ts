import { CATEGORY_IDS } from '../../engine/taxonomy';
import { parseJsonVerdict, verdictJsonSchema } from './json-prompt';
import { buildLlamaGuardMessages, parseLlamaGuardVerdict } from './llama-guard';

const allZero = () =>
  Object.fromEntries(CATEGORY_IDS.map((id) => [id, { score: 0, subcategories: [] as string[] }]));

describe('parseJsonVerdict', () => {
  it('accepts all nine categories, tolerating fences and dropping unknown subcategories', () => {
    const categories = allZero();
    categories.violence = { score: 0.8, subcategories: ['threat', 'made_up', 'threat'] };
    const parsed = parseJsonVerdict('```json\n' + JSON.stringify({ categories }) + '\n```');
    expect(parsed).toEqual({
      ok: true,
      categories: { ...allZero(), violence: { score: 0.8, subcategories: ['threat'] } },
    });
  });

  it.each([
    ['not JSON', 'I think it is fine', /not JSON/],
    ['no categories', '{"verdict": "ok"}', /no "categories"/],
    [
      'a missing category',
      JSON.stringify({ categories: { self_harm: { score: 0, subcategories: [] } } }),
      /"minor_safety" is missing/,
    ],
    [
      'a score above 1',
      JSON.stringify({ categories: { ...allZero(), pii: { score: 1.5, subcategories: [] } } }),
      /"pii" has no score/,
    ],
    [
      'a string score',
      JSON.stringify({ categories: { ...allZero(), pii: { score: '0.5', subcategories: [] } } }),
      /"pii" has no score/,
    ],
    [
      'no subcategory list',
      JSON.stringify({ categories: { ...allZero(), pii: { score: 0.5 } } }),
      /subcategories array/,
    ],
  ])('rejects %s', (_name, content, problem) => {
    const parsed = parseJsonVerdict(content);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });

  it('offers a strict-mode schema naming every category and subcategory id', () => {
    const schema = verdictJsonSchema() as {
      properties: { categories: { required: string[]; properties: Record<string, unknown> } };
    };
    expect(schema.properties.categories.required).toEqual([...CATEGORY_IDS]);
    expect(JSON.stringify(schema.properties.categories.properties.self_harm)).toContain(
      'eating_disorder',
    );
  });
});

describe('Llama Guard format', () => {
  it('reads safe as zero for the categories it covers only', () => {
    const parsed = parseLlamaGuardVerdict('safe', 0.8);
    expect(parsed.ok && Object.keys(parsed.categories).sort()).toEqual([
      'harassment',
      'illegal',
      'minor_safety',
      'pii',
      'self_harm',
      'sexual',
      'violence',
    ]);
  });

  it('maps unsafe codes, ignoring unmapped hazards', () => {
    const parsed = parseLlamaGuardVerdict('unsafe\nS4, S13,S14', 0.9);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.categories.minor_safety).toEqual({ score: 0.9, subcategories: ['sexual_minor'] });
    expect(parsed.categories.jailbreak).toEqual({
      score: 0.9,
      subcategories: ['instruction_override'],
    });
    expect(parsed.categories.sexual).toEqual({ score: 0, subcategories: [] });
  });

  it.each(['unsafe', 'unsafe\nS99', 'maybe'])('rejects %j', (content) => {
    expect(parseLlamaGuardVerdict(content, 0.8).ok).toBe(false);
  });

  it('sends alternating user/assistant turns that start with the user', () => {
    const messages = buildLlamaGuardMessages({
      turn: { text: 'and you?', speakerType: 'character' },
      history: [
        { speakerType: 'character', text: 'hello' },
        { speakerType: 'system', text: 'hidden' },
        { speakerType: 'user', text: 'hi' },
        { speakerType: 'user', text: 'there' },
      ],
      ruleFindings: [],
      deadlineAt: 0,
    });
    expect(messages).toEqual([
      { role: 'user', content: '(no message)' },
      { role: 'assistant', content: 'hello' },
      { role: 'user', content: 'hi\nthere' },
      { role: 'assistant', content: 'and you?' },
    ]);
  });
});
