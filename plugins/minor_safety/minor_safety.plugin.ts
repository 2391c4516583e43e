import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CategoryPlugin } from '../../src/engine/plugin-registry/plugin-contract';
import { AgeDetector } from './detectors/age.detector';
import { MinorReferenceDetector } from './detectors/minor-reference.detector';
import { manifest } from './manifest';

export const plugin: CategoryPlugin = {
  manifest,
  normalisers: [],
  detectors: [new AgeDetector(), new MinorReferenceDetector()],
  promptFragment: readFileSync(join(__dirname, 'prompts', 'refine.md'), 'utf8'),
};
