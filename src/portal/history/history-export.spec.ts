import { CATEGORY_IDS, type CategoryId } from '../../engine/taxonomy';
import { AssessmentEntity } from '../../persistence/entities/assessment.entity';
import { CSV_HEADER, csvLine, jsonlLine } from './history-export';

type Category = { score: number; level: string; subcategories: string[] };
const categories = Object.fromEntries(
  CATEGORY_IDS.map((id): [CategoryId, Category] => [
    id,
    { score: 0, level: 'none', subcategories: [] },
  ]),
) as Record<CategoryId, Category>;
categories.pii = { score: 0.55, level: 'medium', subcategories: ['payment_card'] };

const row = Object.assign(new AssessmentEntity(), {
  id: 'a1',
  tenantId: 't1',
  mode: 'live',
  conversationId: 'conv_1',
  eventId: 'e1',
  turnNumber: 2,
  textSha256: 'x',
  text: 'card ****, ok',
  speakerType: 'user',
  userIdHash: 'u_1',
  characterId: null,
  turnIndex: 4,
  eventTimestamp: '2026-01-31T11:59:59.000Z',
  severity: 'medium',
  action: 'warn',
  raisedCategories: ',pii,',
  response: JSON.stringify({ eventId: 'e1', severity: 'medium', categories }),
  lateRefinement: null,
  requestId: 'req_1',
  createdAt: '2026-01-31T12:00:00.000Z',
} satisfies Partial<AssessmentEntity>);

describe('history export lines', () => {
  it('JSONL: one line with ids, time and the stored response under `assessment`', () => {
    const line = jsonlLine(row);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({
      id: 'a1',
      mode: 'live',
      conversationId: 'conv_1',
      turn: 2,
      createdAt: '2026-01-31T12:00:00.000Z',
      text: 'card ****, ok',
      assessment: JSON.parse(row.response) as object,
      lateRefinement: null,
    });
  });

  it('CSV: one cell per header column, per-category level and score, quoted text', () => {
    const header = CSV_HEADER.trimEnd().split(',');
    const cells = csvLine(row).trimEnd().replace('"card ****, ok"', 'TEXT').split(',');
    expect(cells).toHaveLength(header.length);
    const cell = (name: string) => cells[header.indexOf(name)];
    expect(cell('categories_raised')).toBe('pii');
    expect(cell('pii_level')).toBe('medium');
    expect(cell('pii_score')).toBe('0.55');
    expect(cell('violence_level')).toBe('none');
    expect(cell('character_id')).toBe('');
    expect(cell('text')).toBe('TEXT');
  });
});
