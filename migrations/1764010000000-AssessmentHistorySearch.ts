import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const BACKFILL_BATCH = 500;

const INDEXES = [
  // The history list: a tenant's assessments of one mode, newest first (keyset on created_at, id).
  new TableIndex({
    name: 'idx_assessment_recent',
    columnNames: ['tenant_id', 'mode', 'created_at', 'id'],
  }),
  new TableIndex({
    name: 'idx_assessment_user',
    columnNames: ['tenant_id', 'mode', 'user_id_hash', 'created_at'],
  }),
  new TableIndex({
    name: 'idx_assessment_character',
    columnNames: ['tenant_id', 'mode', 'character_id', 'created_at'],
  }),
];

/**
 * Portal history search (issue 5): which categories each assessment raised, as a column the
 * category filter can query (it was only inside the stored response JSON), and indexes for the
 * tenant's newest-first list and the user and character filters. Existing rows are backfilled
 * from their stored response. Dialect-neutral: Table API and the query builder only.
 */
export class AssessmentHistorySearch1764010000000 implements MigrationInterface {
  name = 'AssessmentHistorySearch1764010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'assessment',
      new TableColumn({
        name: 'raised_categories',
        type: 'varchar',
        length: '255',
        isNullable: false,
        default: "''",
      }),
    );
    await this.backfill(queryRunner);
    for (const index of INDEXES) await queryRunner.createIndex('assessment', index);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of INDEXES) await queryRunner.dropIndex('assessment', index.name!);
    await queryRunner.dropColumn('assessment', 'raised_categories');
  }

  /**
   * Batches in id order, so memory stays flat however many rows are stored. The encoding is
   * written out here rather than imported (migrations stay frozen when app code moves on); it
   * matches `encodeRaisedCategories`: the response lists categories in taxonomy order.
   */
  private async backfill(queryRunner: QueryRunner): Promise<void> {
    const { driver } = queryRunner.connection;
    const update =
      `UPDATE assessment SET raised_categories = ${driver.createParameter('raised', 0)} ` +
      `WHERE id = ${driver.createParameter('id', 1)}`;
    let after = '';
    for (;;) {
      const rows = await queryRunner.manager
        .createQueryBuilder()
        .select(['a.id AS id', 'a.response AS response'])
        .from('assessment', 'a')
        .where('a.id > :after', { after })
        .orderBy('a.id', 'ASC')
        .limit(BACKFILL_BATCH)
        .getRawMany<{ id: string; response: string }>();
      for (const row of rows) {
        const { categories = {} } = JSON.parse(row.response) as {
          categories?: Record<string, { level?: string }>;
        };
        const raised = Object.entries(categories)
          .filter(([, result]) => result.level !== undefined && result.level !== 'none')
          .map(([id]) => id);
        if (raised.length) await queryRunner.query(update, [`,${raised.join(',')},`, row.id]);
      }
      if (rows.length < BACKFILL_BATCH) return;
      after = rows[rows.length - 1].id;
    }
  }
}
