import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Shadow rules (SPEC 9): the hits of `status: shadow` rules are kept with the assessment they
 * ran on, so a rule can be watched on live traffic before it goes live. Nullable text (JSON);
 * older rows had no shadow rules and stay null.
 */
export class AssessmentShadowFindings1764100000000 implements MigrationInterface {
  name = 'AssessmentShadowFindings1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'assessment',
      new TableColumn({ name: 'shadow_findings', type: 'text', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('assessment', 'shadow_findings');
  }
}
