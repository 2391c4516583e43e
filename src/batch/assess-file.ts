import { LEVELS, type Level } from '../engine/taxonomy';
import { BatchInputError, toBatchTurn } from './batch-turn';
import { readJsonl, uncompressedSize } from './jsonl-reader';
import { JsonlWriter } from './jsonl-writer';
import type { ProgressReporter } from './progress';
import type { TurnAssessor } from './turn-assessor';

export type AssessFileSummary = { turns: number; bySeverity: Record<Level, number> };

/**
 * Streams `{"id","text",...}` lines through the assessor and writes `{"id","assessment"}`
 * lines in the same order. Memory stays bounded: one line in flight, writes awaited.
 */
export async function assessFile(options: {
  input: string;
  output: string;
  assessor: TurnAssessor;
  progress?: ProgressReporter;
}): Promise<AssessFileSummary> {
  const { input, output, assessor, progress } = options;
  const bySeverity = Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<Level, number>;
  const writer = new JsonlWriter(output);
  let turns = 0;
  progress?.start(await uncompressedSize(input), 'assess');
  try {
    for await (const record of readJsonl(input)) {
      let turn;
      try {
        turn = toBatchTurn(record.value);
      } catch (error) {
        if (error instanceof BatchInputError) {
          throw new BatchInputError(`${input}:${record.line}: ${error.message}`);
        }
        throw error;
      }
      const assessment = assessor.assess(turn);
      bySeverity[assessment.severity] += 1;
      turns += 1;
      await writer.write({ id: turn.id, assessment });
      progress?.update(record.bytesRead, turns);
    }
  } finally {
    progress?.stop();
    await writer.close();
  }
  return { turns, bySeverity };
}
