import type { CategoryId, SpeakerType } from '../engine/taxonomy';
import type { LlmPromptFormat } from './llm.config';

/** What a refinement job carries (SPEC 10): the turn, the rules findings, recent context. */
export type LlmRefinementJobData = {
  turn: { text: string; speakerType: SpeakerType };
  /** The last K stored turns before this one, oldest first, redacted as stored. */
  history: { speakerType: SpeakerType; text: string }[];
  ruleFindings: { category: CategoryId; subcategory: string; code: string; score: number }[];
  /** Epoch ms at which the waiting request gives up; retries never start past it. */
  deadlineAt: number;
};

export type ModelCategoryVerdict = { score: number; subcategories: string[] };

/** The job's result. Failures are results, not thrown errors, so the waiter learns why. */
export type LlmRefinementResult =
  | {
      status: 'ok';
      model: string;
      format: LlmPromptFormat;
      /** Categories the model scored; ones it cannot speak about (Llama Guard) are absent. */
      categories: Partial<Record<CategoryId, ModelCategoryVerdict>>;
    }
  | { status: 'timeout' | 'error' | 'invalid'; detail: string };
