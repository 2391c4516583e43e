import type { Command } from 'commander';
import { assessFile } from '../../batch/assess-file';
import { toBatchTurn } from '../../batch/batch-turn';
import { loadTurnEvaluator } from '../../batch/load-evaluator';
import { createProgress } from '../../batch/progress';
import { TurnAssessor } from '../../batch/turn-assessor';

type AssessOptions = {
  input?: string;
  output?: string;
  text?: string;
  conversationId?: string;
  speakerType?: string;
  rules?: string;
  plugins?: string;
  partial?: boolean;
};

/** `assess`: one turn (`--text`) or a JSONL file (`--input`/`--output`), rules stage only. */
export function register(program: Command): void {
  program
    .command('assess')
    .description(
      'Assess one turn (--text) or a JSON-lines file of {"id","text",...} (--input, .gz ok) with the rules stage; writes {"id","assessment"} lines',
    )
    .option('--input <file>', 'input .jsonl or .jsonl.gz')
    .option('--output <file>', 'output .jsonl (.gz to compress)')
    .option('--text <text>', 'assess this one turn and print the assessment')
    .option('--conversation-id <id>', 'conversation of the --text turn')
    .option('--speaker-type <type>', 'speakerType of the --text turn', 'user')
    .option('--rules <dir>', 'rules directory (default: ./rules)')
    .option('--plugins <dir>', 'plugins directory (default: ./plugins)')
    .option(
      '--partial',
      'authoring mode: leave out broken packs and missing plugins, with warnings',
    )
    .action(async (options: AssessOptions) => {
      if ((options.text === undefined) === (options.input === undefined)) {
        throw new Error('give either --text or --input (with --output)');
      }
      if (options.input !== undefined && options.output === undefined) {
        throw new Error('--input needs --output');
      }
      const evaluator = await loadTurnEvaluator({
        rulesDir: options.rules,
        pluginsDir: options.plugins,
        partial: options.partial,
      });
      const assessor = new TurnAssessor(evaluator);
      if (options.text !== undefined) {
        const turn = toBatchTurn({
          id: 'cli',
          text: options.text,
          conversationId: options.conversationId,
          speakerType: options.speakerType,
        });
        console.log(JSON.stringify(assessor.assess(turn), null, 2));
        return;
      }
      const summary = await assessFile({
        input: options.input!,
        output: options.output!,
        assessor,
        progress: createProgress(),
      });
      const severities = Object.entries(summary.bySeverity)
        .map(([level, count]) => `${level} ${count}`)
        .join(', ');
      console.error(
        `assessed ${summary.turns} turns with rules ${evaluator.rulesVersion} -> ${options.output} (${severities})`,
      );
    });
}
