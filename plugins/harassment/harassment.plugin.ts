import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CategoryPlugin } from '../../src/engine/plugin-registry/plugin-contract';
import { manifest } from './manifest';

/** Detection for this category lives in the YAML packs under `rules/harassment/`; no detectors needed. */
export const plugin: CategoryPlugin = {
  manifest,
  normalisers: [],
  detectors: [],
  promptFragment: readFileSync(join(__dirname, 'prompts', 'refine.md'), 'utf8'),
};
