import type { DataSource } from 'typeorm';

const TABLES = ['assessment', 'conversation_state', 'idempotency_record'] as const;
export type RowCounts = Record<(typeof TABLES)[number], number> & {
  /** Usage units counted (the sum of the tenant's daily usage counters). */
  usage_units: number;
};

/** Rows a tenant owns in every table a request could write to, and its usage units. */
export async function rowCounts(dataSource: DataSource, tenantId: string): Promise<RowCounts> {
  const param = dataSource.options.type === 'postgres' ? '$1' : '?';
  const count = async (sql: string) => {
    const [row] = (await dataSource.query(sql, [tenantId])) as { n: string | number | null }[];
    return Number(row.n ?? 0);
  };
  const counts = {} as RowCounts;
  for (const table of TABLES) {
    counts[table] = await count(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ${param}`);
  }
  counts.usage_units = await count(
    `SELECT SUM(units) AS n FROM usage_daily WHERE tenant_id = ${param}`,
  );
  return counts;
}
