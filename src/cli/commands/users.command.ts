import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { TenantRepository } from '../../persistence/repositories/tenant.repository';
import { PORTAL_ROLES, type PortalRole } from '../../portal/users/portal-user.entity';
import { PortalUserService } from '../../portal/users/portal-user.service';
import { withDatabase } from '../cli-database';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing newline belongs to `echo`, not to the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Prompts on the terminal without echoing what is typed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    process.stderr.write(question);
    output._writeToOutput = () => undefined;
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) throw new Error('no terminal: pass the password with --password-stdin');
  const first = await promptHidden('Password: ');
  const second = await promptHidden('Repeat password: ');
  if (first !== second) throw new Error('passwords differ');
  return first;
}

export function register(program: Command): void {
  const users = program.command('users').description('Manage portal users');
  users
    .command('create')
    .description('Create a portal user; the password is read from a prompt or stdin, never argv')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--email <email>', 'sign-in email')
    .option('--role <role>', 'admin, analyst or viewer', 'viewer')
    .option('--password-stdin', 'read the password from stdin')
    .action((options: { tenant: string; email: string; role: string; passwordStdin?: boolean }) =>
      withDatabase(async (db) => {
        if (!(PORTAL_ROLES as readonly string[]).includes(options.role)) {
          throw new Error('--role must be admin, analyst or viewer');
        }
        if (!(await new TenantRepository(db).findById(options.tenant))) {
          throw new Error(`no tenant ${options.tenant}`);
        }
        const password = await readPassword(options.passwordStdin === true);
        const user = await new PortalUserService(db).create({
          tenantId: options.tenant,
          email: options.email,
          role: options.role as PortalRole,
          password,
        });
        console.log(
          JSON.stringify({
            id: user.id,
            tenantId: user.tenantId,
            email: user.email,
            role: user.role,
          }),
        );
      }),
    );
}
