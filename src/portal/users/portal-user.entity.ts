import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { ISO_INSTANT } from '../../persistence/columns';

export type PortalRole = 'admin' | 'analyst' | 'viewer';
export const PORTAL_ROLES: readonly PortalRole[] = ['admin', 'analyst', 'viewer'];

/** A person who signs in to the portal. Emails are stored lower-cased, unique per tenant. */
@Entity('portal_user')
@Index('uq_portal_user_tenant_email', ['tenantId', 'email'], { unique: true })
export class PortalUserEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 36, name: 'tenant_id' }) tenantId!: string;
  @Column({ type: 'varchar', length: 320 }) email!: string;
  @Column({ type: 'varchar', length: 16 }) role!: PortalRole;
  /** `scrypt$N$r$p$salt$hash` (see password-hasher.ts); never the password. */
  @Column({ type: 'varchar', length: 255, name: 'password_hash' }) passwordHash!: string;
  @Column({ ...ISO_INSTANT, name: 'created_at' }) createdAt!: string;
}
