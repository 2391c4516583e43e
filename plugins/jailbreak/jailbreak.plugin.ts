import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CategoryPlugin } from '../../src/engine/plugin-registry/plugin-contract';
import { EncodedPayloadDetector } from './detectors/encoded-payload.detector';
import { InvisibleTextDetector } from './detectors/invisible-text.detector';
import { TemplateModelDetector } from './detectors/template-model.detector';
import { manifest } from './manifest';

export const plugin: CategoryPlugin = {
  manifest,
  normalisers: [],
  detectors: [
    new EncodedPayloadDetector(),
    new InvisibleTextDetector(),
    new TemplateModelDetector(),
  ],
  promptFragment: readFileSync(join(__dirname, 'prompts', 'refine.md'), 'utf8'),
};
