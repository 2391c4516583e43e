import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ISO_INSTANT } from '../columns';

@Entity('tenant')
export class TenantEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ ...ISO_INSTANT, name: 'created_at' }) createdAt!: string;
}
