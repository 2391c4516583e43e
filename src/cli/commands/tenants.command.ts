import type { Command } from 'commander';
import { TenantRepository } from '../../persistence/repositories/tenant.repository';
import { withDatabase } from '../cli-database';

export function register(program: Command): void {
  const tenants = program.command('tenants').description('Manage tenants (organisations)');
  tenants
    .command('create')
    .description('Create a tenant and print its id')
    .argument('<name>', 'display name')
    .action((name: string) =>
      withDatabase(async (db) => {
        const tenant = await new TenantRepository(db).create(name);
        console.log(JSON.stringify({ id: tenant.id, name: tenant.name }));
      }),
    );
  tenants
    .command('list')
    .description('List tenants')
    .action(() =>
      withDatabase(async (db) => {
        for (const tenant of await new TenantRepository(db).list()) {
          console.log(`${tenant.id}\t${tenant.name}\t${tenant.createdAt}`);
        }
      }),
    );
}
