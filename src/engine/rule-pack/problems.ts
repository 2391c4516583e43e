/** A lint problem located in a rule-pack file (1-based line and column). */
export type Problem = {
  file: string;
  line: number;
  column: number;
  message: string;
};

export type SourcePosition = { file: string; line: number; column: number };

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}

export class ProblemList {
  readonly items: Problem[] = [];

  add(at: SourcePosition, message: string): void {
    this.items.push({ ...at, message });
  }

  get count(): number {
    return this.items.length;
  }
}
