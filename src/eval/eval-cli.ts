import { Command } from 'commander';
import { register as registerAssess } from '../cli/commands/assess.command';
import { register as registerEval } from '../cli/commands/eval.command';

/**
 * Stand-alone entry for `npm run eval` / `npm run assess`: only the batch and eval
 * commands, so an evaluation never boots the service's modules.
 */
async function main(): Promise<void> {
  const program = new Command('conversation-analytics-eval');
  registerAssess(program);
  registerEval(program);
  await program.parseAsync(process.argv);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
