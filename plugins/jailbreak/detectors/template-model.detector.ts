import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';
import { MIN_TEMPLATE_CHARS } from '../model/template-features';
import {
  compileTemplateModel,
  scoreTemplate,
  type CompiledTemplateModel,
  type TemplateModel,
} from '../model/template-model';

const MODEL_FILE = join(__dirname, '..', 'model', 'template-weights.json');

/**
 * Long persona / role-play / DAN-style jailbreak templates, scored by a small logistic
 * regression over hashed word n-grams and a few structural features (see
 * `model/template-features.ts`; trained by `npm run train:jailbreak`). Phrase rules cannot
 * separate these templates from long benign prompts; the model weighs hundreds of weak cues.
 * Turns shorter than MIN_TEMPLATE_CHARS are not scored. One hit over the whole turn, with
 * the probability as `score` (3 decimals). Linear in the text length.
 */
export class TemplateModelDetector implements TextDetector {
  readonly id = 'jailbreak.template_model';
  readonly subcategories = ['roleplay_exploit'] as const;
  private readonly model: CompiledTemplateModel;

  /** Loads the committed model once; tests may pass their own. */
  constructor(model?: TemplateModel) {
    this.model = compileTemplateModel(
      model ?? (JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as TemplateModel),
    );
  }

  detect(text: string): DetectorHit[] {
    if (text.length < MIN_TEMPLATE_CHARS) return [];
    const score = scoreTemplate(this.model, text);
    if (score < this.model.threshold) return [];
    return [
      {
        subcategory: 'roleplay_exploit',
        start: 0,
        end: text.length,
        facts: { score: Math.round(score * 1000) / 1000 },
      },
    ];
  }
}
