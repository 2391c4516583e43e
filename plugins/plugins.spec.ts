import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CategoryPlugin } from '../src/engine/plugin-registry/plugin-contract';
import { CATEGORY_IDS, SUBCATEGORY_IDS } from '../src/engine/taxonomy';

/** Every plugin module exports a `plugin` that satisfies the contract and SPEC 4.1 exactly. */
const pluginDirs = readdirSync(__dirname).filter((name) =>
  statSync(join(__dirname, name)).isDirectory(),
);

function load(category: string): CategoryPlugin {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join(__dirname, category, `${category}.plugin`)) as { plugin: CategoryPlugin })
    .plugin;
}

describe('category plugins', () => {
  it('has exactly one plugin directory per category', () => {
    expect([...pluginDirs].sort()).toEqual([...CATEGORY_IDS].sort());
  });

  describe.each([...CATEGORY_IDS])('%s', (category) => {
    const plugin = load(category);
    const { manifest } = plugin;

    it('declares the SPEC 4.1 subcategories, each defined', () => {
      expect(manifest.id).toBe(category);
      expect(manifest.subcategories.map((s) => s.id)).toEqual([...SUBCATEGORY_IDS[category]]);
      for (const sub of manifest.subcategories) {
        expect(sub.title.length).toBeGreaterThan(3);
        expect(sub.description.length).toBeGreaterThan(30);
        expect(['low', 'medium', 'high', 'critical']).toContain(sub.defaultSeverity);
      }
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(['stable', 'incubating', 'sandbox']).toContain(manifest.maturity);
    });

    it('provides exactly the detectors and normalisers its manifest lists, with prefixed ids', () => {
      expect(plugin.detectors.map((d) => d.id).sort()).toEqual([...manifest.detectors].sort());
      expect(plugin.normalisers.map((n) => n.id).sort()).toEqual([...manifest.normalisers].sort());
      for (const id of [...manifest.detectors, ...manifest.normalisers]) {
        expect(id.startsWith(`${category}.`)).toBe(true);
      }
      for (const detector of plugin.detectors) {
        for (const sub of detector.subcategories) {
          expect(SUBCATEGORY_IDS[category] as readonly string[]).toContain(sub);
        }
      }
    });

    it('has a prompt fragment and a README that cover every subcategory', () => {
      expect(plugin.promptFragment).toContain(`### ${category}`);
      for (const sub of manifest.subcategories) {
        expect(plugin.promptFragment).toContain(`**${sub.id}**`);
      }
      expect(existsSync(join(__dirname, category, 'README.md'))).toBe(true);
    });

    it('detectors return hits inside the text, with declared subcategories, on empty and odd input', () => {
      const samples = ['', ' ', 'hello', '가', '\u{1F600}', 'x'.repeat(1000)];
      for (const detector of plugin.detectors) {
        for (const text of samples) {
          for (const hit of detector.detect(text)) {
            expect(hit.start).toBeGreaterThanOrEqual(0);
            expect(hit.end).toBeLessThanOrEqual(text.length);
            expect(detector.subcategories).toContain(hit.subcategory);
          }
        }
      }
    });
  });
});
