import type { DataSource } from 'typeorm';

const TABLES = ['assessment', 'conversation_state', 'usage_record', 'idempotency_record'] as const;
export type RowCounts = Record<(typeof TABLES)[number], number>;

/** Rows a tenant owns in every table a request could write to. */
export async function rowCounts(dataSource: DataSource, tenantId: string): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const table of TABLES) {
    const [row] = (await dataSource.query(
      `SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ${dataSource.options.type === 'postgres' ? '$1' : '?'}`,
      [tenantId],
    )) as { n: string | number }[];
    counts[table] = Number(row.n);
  }
  return counts;
}
