import { JsonlWriter } from '../batch/jsonl-writer';
import type { Judgement } from './judgements';
import type { LabelledItem } from './labelled-item';

export type ErrorKind = 'false_negative' | 'false_positive';

/**
 * Writes misjudged items (missed positives, flagged negatives) as JSON lines for pack
 * writers, at most `limitPerGroup` per (source, target, kind) so one noisy source cannot
 * drown the rest. Lines carry ids, not text: look the text up in the data file by id.
 * Use it on ../shared/data; bench items are for measurement only.
 */
export class ErrorLog {
  private readonly writer: JsonlWriter;
  private readonly counts = new Map<string, number>();

  constructor(
    path: string,
    private readonly limitPerGroup: number,
  ) {
    this.writer = new JsonlWriter(path);
  }

  async record(item: LabelledItem, judgements: readonly Judgement[]): Promise<void> {
    for (const judgement of judgements) {
      if (judgement.positive === judgement.flagged) continue;
      const kind: ErrorKind = judgement.positive ? 'false_negative' : 'false_positive';
      const group = `${item.source}\u0000${judgement.target}\u0000${kind}`;
      const count = this.counts.get(group) ?? 0;
      if (count >= this.limitPerGroup) continue;
      this.counts.set(group, count + 1);
      await this.writer.write({
        id: item.id,
        source: item.source,
        lang: item.lang,
        target: judgement.target,
        kind,
        score: judgement.score,
      });
    }
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}
