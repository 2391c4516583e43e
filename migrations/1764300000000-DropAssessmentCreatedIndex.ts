import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Drops idx_assessment_created (created_at alone), one of seven indexes every stored turn
 * writes (issue 2). Its one reader was the retention purge, which now deletes per tenant and
 * mode through idx_assessment_recent (tenant_id, mode, created_at, id); the history search
 * always has tenant and mode and already used that index.
 */
export class DropAssessmentCreatedIndex1764300000000 implements MigrationInterface {
  name = 'DropAssessmentCreatedIndex1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('assessment', 'idx_assessment_created');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'assessment',
      new TableIndex({ name: 'idx_assessment_created', columnNames: ['created_at'] }),
    );
  }
}
