import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The initial schema, written with the QueryRunner Table API so the same file runs on SQLite
 * and PostgreSQL. Instants are ISO-8601 strings and JSON is text (see persistence/columns.ts).
 */
const id = { name: 'id', type: 'varchar', length: '36', isPrimary: true };
const tenantId = { name: 'tenant_id', type: 'varchar', length: '36' };
const instant = (name: string, isNullable = false) => ({
  name,
  type: 'varchar',
  length: '32',
  isNullable,
});
const text = (name: string, isNullable = false) => ({ name, type: 'text', isNullable });
const varchar = (name: string, length: number, isNullable = false) => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable,
});
const integer = (name: string, isNullable = false) => ({ name, type: 'integer', isNullable });

export class InitialSchema1763790000000 implements MigrationInterface {
  name = 'InitialSchema1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'tenant',
        columns: [id, varchar('name', 200), instant('created_at')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_key',
        columns: [
          id,
          tenantId,
          varchar('name', 200),
          varchar('mode', 8),
          varchar('prefix', 32),
          varchar('key_hash', 64),
          text('scopes'),
          instant('created_at'),
          instant('revoked_at', true),
          instant('last_used_at', true),
        ],
        indices: [
          new TableIndex({ name: 'uq_api_key_hash', columnNames: ['key_hash'], isUnique: true }),
          new TableIndex({ name: 'idx_api_key_tenant', columnNames: ['tenant_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'conversation_state',
        columns: [
          id,
          tenantId,
          varchar('mode', 16),
          varchar('conversation_id', 128),
          integer('turns'),
          varchar('peak', 16),
          { name: 'ema', type: 'double precision' },
          text('category_counts'),
          text('flags'),
          instant('created_at'),
          instant('updated_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_conversation_state_key',
            columnNames: ['tenant_id', 'mode', 'conversation_id'],
            isUnique: true,
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'assessment',
        columns: [
          id,
          tenantId,
          varchar('mode', 16),
          varchar('conversation_id', 128),
          varchar('event_id', 128),
          integer('turn_number'),
          varchar('text_sha256', 64),
          text('text', true),
          varchar('speaker_type', 16),
          varchar('user_id_hash', 128, true),
          varchar('character_id', 128, true),
          integer('turn_index', true),
          varchar('event_timestamp', 40, true),
          varchar('severity', 16),
          varchar('action', 16),
          text('response'),
          text('late_refinement', true),
          varchar('request_id', 40),
          instant('created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_assessment_event',
            columnNames: ['tenant_id', 'mode', 'conversation_id', 'event_id'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'idx_assessment_turn',
            columnNames: ['tenant_id', 'mode', 'conversation_id', 'turn_number'],
          }),
          new TableIndex({ name: 'idx_assessment_created', columnNames: ['created_at'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_record',
        columns: [
          id,
          tenantId,
          varchar('idempotency_key', 255),
          varchar('request_hash', 64),
          varchar('status', 16),
          integer('response_status', true),
          text('response_body', true),
          instant('created_at'),
          instant('expires_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_idempotency_key',
            columnNames: ['tenant_id', 'idempotency_key'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_idempotency_expires', columnNames: ['expires_at'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'usage_record',
        columns: [
          id,
          tenantId,
          varchar('mode', 16),
          { name: 'billable', type: 'boolean' },
          varchar('day', 10),
          varchar('assessment_id', 36),
          instant('created_at'),
        ],
        indices: [
          new TableIndex({ name: 'idx_usage_tenant_day', columnNames: ['tenant_id', 'day'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'usage_record',
      'idempotency_record',
      'assessment',
      'conversation_state',
      'api_key',
      'tenant',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
