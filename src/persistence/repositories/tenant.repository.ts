import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import { newId, nowIso } from '../columns';
import { TenantEntity } from '../entities/tenant.entity';

@Injectable()
export class TenantRepository {
  constructor(private readonly db: Database) {}

  create(name: string): Promise<TenantEntity> {
    const tenant = Object.assign(new TenantEntity(), { id: newId(), name, createdAt: nowIso() });
    return this.db.write((manager) => manager.save(tenant));
  }

  count(): Promise<number> {
    return this.db.manager.count(TenantEntity);
  }

  findById(id: string): Promise<TenantEntity | null> {
    return this.db.manager.findOneBy(TenantEntity, { id });
  }

  list(): Promise<TenantEntity[]> {
    return this.db.manager.find(TenantEntity, { order: { createdAt: 'ASC' } });
  }
}
