import { join } from 'node:path';
import { categoryFilterFromEnv, loadPlugins } from '../../src/engine/plugin-registry/plugin-loader';
import { StartupError } from '../../src/engine/startup-error';

const fixtures = (name: string) => join(__dirname, 'fixtures', name);

describe('plugin loader', () => {
  it('loads a valid plugin and indexes its detectors', () => {
    const registry = loadPlugins({ pluginsDir: fixtures('valid') });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(['minor_safety']);
    expect(registry.detector('minor_safety.age')?.detect("i'm 14")[0].facts).toEqual({ age: 14 });
  });

  it.each([
    ['bad-subcategories', /subcategories must be exactly .*Missing: minor_disclosed/],
    ['unlisted-detector', /provides detector "minor_safety.age" but the manifest does not list it/],
    ['wrong-folder', /manifest id "minor_safety" must equal the folder name "self_harm"/],
  ])('rejects %s with a message that says how to fix it', (fixture, message) => {
    expect(() => loadPlugins({ pluginsDir: fixtures(fixture) })).toThrow(StartupError);
    expect(() => loadPlugins({ pluginsDir: fixtures(fixture) })).toThrow(message);
  });

  it('requires a plugin for every rules folder', () => {
    expect(() =>
      loadPlugins({ pluginsDir: fixtures('valid'), ruleCategories: ['self_harm'] }),
    ).toThrow(/rules\/self_harm\/ has rule packs but there is no plugin/);
  });

  it('applies ENABLED_CATEGORIES / DISABLED_CATEGORIES', () => {
    const filter = categoryFilterFromEnv({ DISABLED_CATEGORIES: 'minor_safety' });
    const registry = loadPlugins({ pluginsDir: fixtures('valid'), filter });
    expect(registry.plugins).toHaveLength(0);
    expect(registry.disabled.has('minor_safety')).toBe(true);
    expect(() =>
      categoryFilterFromEnv({ ENABLED_CATEGORIES: 'pii', DISABLED_CATEGORIES: 'pii' }),
    ).toThrow(/both ENABLED_CATEGORIES and DISABLED_CATEGORIES/);
    expect(() => categoryFilterFromEnv({ ENABLED_CATEGORIES: 'nsfw' })).toThrow(/not a category/);
  });
});
