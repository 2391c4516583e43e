import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Portal users and their sign-in sessions (issue 5). Dialect-neutral: QueryRunner Table API only. */
export class PortalUsers1763900000000 implements MigrationInterface {
  name = 'PortalUsers1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'portal_user',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'tenant_id', type: 'varchar', length: '36' },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'role', type: 'varchar', length: '16' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'created_at', type: 'varchar', length: '32' },
        ],
        foreignKeys: [
          {
            columnNames: ['tenant_id'],
            referencedTableName: 'tenant',
            referencedColumnNames: ['id'],
          },
        ],
      }),
    );
    await queryRunner.createIndex(
      'portal_user',
      new TableIndex({
        name: 'uq_portal_user_tenant_email',
        columnNames: ['tenant_id', 'email'],
        isUnique: true,
      }),
    );
    // Sessions are looked up by the SHA-256 of the cookie value: a database read leaks no
    // usable cookie. The CSRF token is the synchronizer token bound to this session.
    await queryRunner.createTable(
      new Table({
        name: 'portal_session',
        columns: [
          { name: 'id_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'csrf_token', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'varchar', length: '32' },
          { name: 'expires_at', type: 'varchar', length: '32' },
        ],
        foreignKeys: [
          {
            columnNames: ['user_id'],
            referencedTableName: 'portal_user',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('portal_session');
    await queryRunner.dropIndex('portal_user', 'uq_portal_user_tenant_email');
    await queryRunner.dropTable('portal_user');
  }
}
