import { CATEGORY_IDS, type CategoryId, type Level } from '../../engine/taxonomy';

/**
 * The `assessment.raised_categories` column: the categories whose level was not `none`, in
 * taxonomy order, stored as `,pii,self_harm,` (delimiters on both ends so one category is found
 * with a single `LIKE '%,id,%'`), or `''` when nothing was raised. A text list rather than a
 * bitmask so rows stay readable and a new category never renumbers old ones.
 */
export function encodeRaisedCategories(
  categories: Partial<Record<CategoryId, { level: Level }>>,
): string {
  const raised = CATEGORY_IDS.filter((id) => {
    const level = categories[id]?.level;
    return level !== undefined && level !== 'none';
  });
  return raised.length ? `,${raised.join(',')},` : '';
}

export function decodeRaisedCategories(column: string | null): CategoryId[] {
  if (!column) return [];
  const stored = new Set(column.split(','));
  return CATEGORY_IDS.filter((id) => stored.has(id));
}

/** The LIKE pattern (with `\` as escape character) matching rows that raised `category`. */
export function raisedCategoryPattern(category: CategoryId): string {
  return `%,${category.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;
}
