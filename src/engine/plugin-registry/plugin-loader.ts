import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup-error';
import { CATEGORY_IDS, isCategoryId, SUBCATEGORY_IDS, type CategoryId } from '../taxonomy';
import type { CategoryPlugin } from './plugin-contract';
import { PluginRegistry } from './plugin-registry';

/**
 * Discovers `plugins/<category>/<category>.plugin.ts` (or `.js` when compiled), imports its
 * `plugin` export and validates it against the taxonomy. Any problem is a StartupError that
 * names the file and says how to fix it.
 */

export type CategoryFilter = {
  enabled: ReadonlySet<CategoryId>;
  disabled: ReadonlySet<CategoryId>;
};

export type PluginLoadOptions = {
  pluginsDir: string;
  /** Category folders that have rule packs: each needs a plugin. */
  ruleCategories?: readonly string[];
  filter?: CategoryFilter;
  /** When false, a rules folder without a plugin is tolerated (authoring before plugins land). */
  requirePluginForRules?: boolean;
  /** Called instead of failing for a plugin folder without its plugin file, when not strict. */
  onIncompletePlugin?: (message: string) => void;
};

const SLUG = /^[a-z0-9][a-z0-9_-]*$/;

/** Reads ENABLED_CATEGORIES / DISABLED_CATEGORIES (comma lists of category ids). */
export function categoryFilterFromEnv(env: NodeJS.ProcessEnv = process.env): CategoryFilter {
  const parse = (name: string): Set<CategoryId> => {
    const raw = env[name]?.trim();
    if (!raw) return new Set();
    const ids = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const id of ids) {
      if (!isCategoryId(id)) {
        throw new StartupError(
          `${name} lists "${id}", which is not a category. Use ids from: ${CATEGORY_IDS.join(', ')}.`,
        );
      }
    }
    return new Set(ids as CategoryId[]);
  };
  const enabled = parse('ENABLED_CATEGORIES');
  const disabled = parse('DISABLED_CATEGORIES');
  const both = [...enabled].filter((id) => disabled.has(id));
  if (both.length > 0) {
    throw new StartupError(
      `${both.join(', ')} is listed in both ENABLED_CATEGORIES and DISABLED_CATEGORIES; remove it from one of them.`,
    );
  }
  return { enabled, disabled };
}

export function isCategoryEnabled(
  filter: CategoryFilter | undefined,
  category: CategoryId,
): boolean {
  if (!filter) return true;
  if (filter.disabled.has(category)) return false;
  return filter.enabled.size === 0 || filter.enabled.has(category);
}

export function loadPlugins(options: PluginLoadOptions): PluginRegistry {
  const { pluginsDir, filter } = options;
  const directories = existsSync(pluginsDir)
    ? readdirSync(pluginsDir).filter(
        (name) =>
          !name.startsWith('.') &&
          !name.startsWith('_') &&
          statSync(join(pluginsDir, name)).isDirectory(),
      )
    : [];
  const plugins: CategoryPlugin[] = [];
  const disabled = new Set<CategoryId>();
  for (const directory of directories.sort()) {
    if (!isCategoryId(directory)) {
      throw new StartupError(
        `plugins/${directory}/: "${directory}" is not a category id. Rename the folder to one of ${CATEGORY_IDS.join(', ')}, or remove it.`,
      );
    }
    if (!isCategoryEnabled(filter, directory)) {
      disabled.add(directory);
      continue;
    }
    const file = join(pluginsDir, directory, `${directory}.plugin`);
    if (options.onIncompletePlugin && !existsSync(`${file}.ts`) && !existsSync(`${file}.js`)) {
      options.onIncompletePlugin(
        `plugins/${directory}/${directory}.plugin.ts is missing; plugin skipped`,
      );
      continue;
    }
    const plugin = importPlugin(pluginsDir, directory);
    validatePlugin(plugin, directory);
    plugins.push(plugin);
  }
  checkDuplicateIds(plugins);
  const loaded = new Set(plugins.map((p) => p.manifest.id));
  if (options.requirePluginForRules !== false) {
    for (const category of options.ruleCategories ?? []) {
      if (isCategoryId(category) && !isCategoryEnabled(filter, category)) continue;
      if (!loaded.has(category as CategoryId)) {
        throw new StartupError(
          `rules/${category}/ has rule packs but there is no plugin plugins/${category}/${category}.plugin.ts. Add the plugin, or remove the rules folder.`,
        );
      }
    }
  }
  for (const category of CATEGORY_IDS)
    if (!isCategoryEnabled(filter, category)) disabled.add(category);
  return new PluginRegistry(plugins, disabled);
}

function importPlugin(pluginsDir: string, directory: string): CategoryPlugin {
  const base = join(pluginsDir, directory, `${directory}.plugin`);
  const file = `plugins/${directory}/${directory}.plugin.ts`;
  if (!existsSync(`${base}.ts`) && !existsSync(`${base}.js`)) {
    throw new StartupError(
      `${file} is missing. Each plugin folder needs it, exporting \`plugin: CategoryPlugin\`.`,
    );
  }
  let loaded: { plugin?: CategoryPlugin };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(base) as { plugin?: CategoryPlugin };
  } catch (error) {
    throw new StartupError(
      `${file} failed to load: ${(error as Error).message}. Fix the error in the plugin.`,
    );
  }
  if (!loaded.plugin || typeof loaded.plugin !== 'object' || !loaded.plugin.manifest) {
    throw new StartupError(
      `${file} must export \`plugin\` (a CategoryPlugin with manifest, normalisers, detectors, promptFragment).`,
    );
  }
  return loaded.plugin;
}

/** Validates one plugin against its folder and the taxonomy (SPEC 4.1). */
export function validatePlugin(plugin: CategoryPlugin, directory: string): void {
  const file = `plugins/${directory}/${directory}.plugin.ts`;
  const fail = (message: string): never => {
    throw new StartupError(`${file}: ${message}`);
  };
  const { manifest } = plugin;
  if (manifest.id !== directory)
    fail(`manifest id "${manifest.id}" must equal the folder name "${directory}".`);
  if (!isCategoryId(manifest.id)) fail(`manifest id "${manifest.id}" is not a category id.`);
  if (typeof manifest.version !== 'string' || !/^\d+\.\d+\.\d+/.test(manifest.version)) {
    fail(`manifest version must be semver (e.g. 1.0.0).`);
  }
  const expected = [...SUBCATEGORY_IDS[manifest.id]];
  const declared = (manifest.subcategories ?? []).map((s) => s.id);
  const missing = expected.filter((id) => !declared.includes(id));
  const extra = declared.filter((id) => !(expected as string[]).includes(id));
  if (missing.length > 0 || extra.length > 0) {
    fail(
      `subcategories must be exactly ${expected.join(', ')} (SPEC 4.1).` +
        (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
        (extra.length ? ` Not in the taxonomy: ${extra.join(', ')}.` : ''),
    );
  }
  const duplicateSub = declared.find((id, index) => declared.indexOf(id) !== index);
  if (duplicateSub) fail(`subcategory "${duplicateSub}" is declared twice.`);
  if (typeof plugin.promptFragment !== 'string' || plugin.promptFragment.trim() === '') {
    fail(
      'promptFragment must be a non-empty Markdown string (the category part of the LLM prompt).',
    );
  }
  checkProvided(
    'detector',
    manifest.detectors ?? [],
    (plugin.detectors ?? []).map((d) => d.id),
    manifest.id,
    fail,
  );
  checkProvided(
    'normaliser',
    manifest.normalisers ?? [],
    (plugin.normalisers ?? []).map((n) => n.id),
    manifest.id,
    fail,
  );
  for (const detector of plugin.detectors ?? []) {
    if (typeof detector.detect !== 'function')
      fail(`detector "${detector.id}" has no detect(text) function.`);
    const unknown = (detector.subcategories ?? []).filter((s) => !declared.includes(s));
    if (unknown.length > 0) {
      fail(
        `detector "${detector.id}" reports subcategories ${unknown.join(', ')} that the manifest does not declare.`,
      );
    }
  }
  for (const normaliser of plugin.normalisers ?? []) {
    if (typeof normaliser.normalise !== 'function')
      fail(`normaliser "${normaliser.id}" has no normalise(input) function.`);
  }
}

function checkProvided(
  kind: string,
  listed: readonly string[],
  provided: readonly string[],
  category: string,
  fail: (message: string) => never,
): void {
  for (const id of [...listed, ...provided]) {
    const [prefix, slug] = id.split(/\.(.*)/s);
    if (prefix !== category || !slug || !SLUG.test(slug)) {
      fail(`${kind} id "${id}" must be "${category}.<slug>" (lower-case, digits, - or _).`);
    }
  }
  const duplicate = provided.find((id, index) => provided.indexOf(id) !== index);
  if (duplicate) fail(`${kind} "${duplicate}" is provided twice.`);
  const duplicateListed = listed.find((id, index) => listed.indexOf(id) !== index);
  if (duplicateListed) fail(`${kind} "${duplicateListed}" is listed twice in the manifest.`);
  for (const id of listed) {
    if (!provided.includes(id))
      fail(
        `the manifest lists ${kind} "${id}" but the plugin does not provide it; add it to the plugin's ${kind}s or remove it from the manifest.`,
      );
  }
  for (const id of provided) {
    if (!listed.includes(id))
      fail(
        `the plugin provides ${kind} "${id}" but the manifest does not list it; add it to manifest.${kind}s.`,
      );
  }
}

function checkDuplicateIds(plugins: readonly CategoryPlugin[]): void {
  const seen = new Map<string, string>();
  for (const plugin of plugins) {
    for (const id of [
      ...plugin.detectors.map((d) => d.id),
      ...plugin.normalisers.map((n) => n.id),
    ]) {
      const owner = seen.get(id);
      if (owner) {
        throw new StartupError(
          `plugins/${plugin.manifest.id}: id "${id}" is also provided by plugins/${owner}; ids must be unique.`,
        );
      }
      seen.set(id, plugin.manifest.id);
    }
  }
}
