import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORE_NORMALISERS } from '../normalisation/core-normalisers';
import {
  categoryFilterFromEnv,
  isCategoryEnabled,
  loadPlugins,
} from '../plugin-registry/plugin-loader';
import type { PluginRegistry } from '../plugin-registry/plugin-registry';
import { isCategoryId, SUBCATEGORY_IDS, type CategoryId } from '../taxonomy';
import { CompiledRuleSet, type CompiledRule, type PackSummary } from './compiled-rule-set';
import {
  compileExpression,
  compileRuleRegex,
  compileTriggered,
  type CompiledRegex,
  type ExpressionResolver,
} from './expression-compiler';
import { parsePack, parseSharedList } from './pack-parser';
import { PhraseIndex } from './phrase-index';
import { buildPolicy } from './policy-loader';
import { formatProblem, ProblemList, type Problem, type SourcePosition } from './problems';
import type { Expression, RuleDefinition, RulePack, SharedList, TestFile } from './rule-pack.types';
import { parseTestFile } from './test-file-parser';

/**
 * Loads a rule set from disk: discovers plugins and packs, parses and validates everything
 * (collecting every problem with file:line:column), links lists, detectors and flags, and
 * compiles the result. The same code serves the service, `rules lint`, `rules test`, eval
 * and bench, so a pack that lints clean is exactly a pack that loads.
 */

export type RuleSetOptions = {
  rulesDir: string;
  pluginsDir: string;
  /** Environment for ENABLED_CATEGORIES / DISABLED_CATEGORIES; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * When true (the service), a rules folder without a plugin, or a detector whose plugin is
   * missing, is an error. Authoring tools pass false so packs can be tested before plugins land.
   */
  requirePlugins?: boolean;
  /**
   * Authoring mode: packs with problems are left out and the rest still compiles, so one
   * broken pack does not block testing the others. The problems are still reported.
   */
  partial?: boolean;
  /** Parse the multi-turn test files too (tooling). The service skips them: tests never block a load. */
  withTests?: boolean;
};

export type RuleSetBuild = {
  problems: Problem[];
  /** Things that do not stop loading but deserve attention (e.g. a missing plugin in authoring mode). */
  warnings: string[];
  ruleSet: CompiledRuleSet | null;
  testFiles: TestFile[];
  registry: PluginRegistry;
};

export class RuleSetLoadError extends Error {
  override readonly name = 'RuleSetLoadError';
  constructor(readonly problems: Problem[]) {
    super(
      `the rule set has ${problems.length} problem(s):\n` +
        problems
          .slice(0, 50)
          .map((p) => `  ${formatProblem(p)}`)
          .join('\n'),
    );
  }
}

/** Loads and compiles the rule set, or throws RuleSetLoadError listing every problem. */
export function loadRuleSet(options: RuleSetOptions): CompiledRuleSet {
  const build = buildRuleSet({ withTests: false, ...options });
  if (!build.ruleSet) throw new RuleSetLoadError(build.problems);
  return build.ruleSet;
}

const NON_CATEGORY_FOLDERS = new Set(['schema']);
const PACK_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function buildRuleSet(options: RuleSetOptions): RuleSetBuild {
  const { rulesDir } = options;
  const requirePlugins = options.requirePlugins ?? true;
  const problems = new ProblemList();
  const warnings: string[] = [];
  const display = (path: string) => relative(process.cwd(), path) || path;
  const filter = categoryFilterFromEnv(options.env ?? process.env);

  const categoryFolders = listDirectories(rulesDir).filter(
    (name) => !name.startsWith('_') && !name.startsWith('.') && !NON_CATEGORY_FOLDERS.has(name),
  );
  const registry = loadPlugins({
    pluginsDir: options.pluginsDir,
    ruleCategories: categoryFolders.filter(isCategoryId),
    filter,
    requirePluginForRules: requirePlugins,
    ...(requirePlugins ? {} : { onIncompletePlugin: (message: string) => warnings.push(message) }),
  });

  const hashed: { path: string; source: string }[] = [];
  const readSource = (path: string): string => {
    const source = readFileSync(path, 'utf8');
    hashed.push({ path: relative(rulesDir, path), source });
    return source;
  };

  const shared = new Map<string, SharedList>();
  const sharedDir = join(rulesDir, '_shared', 'lists');
  for (const name of listFiles(sharedDir, '.yaml')) {
    const id = name.slice(0, -'.yaml'.length);
    const path = join(sharedDir, name);
    const list = parseSharedList(display(path), readSource(path), problems, id);
    if (list) shared.set(id, list);
  }

  const packs: RulePack[] = [];
  const testSources: { path: string; pack: RulePack | null; packName: string; category: string }[] =
    [];
  for (const category of categoryFolders) {
    const folder = join(rulesDir, category);
    if (!isCategoryId(category)) {
      problems.add(
        at(display(folder)),
        `"${category}" is not a category id; rule folders are named after categories`,
      );
      continue;
    }
    if (!isCategoryEnabled(filter, category)) continue;
    if (!registry.plugin(category)) {
      if (!requirePlugins)
        warnings.push(
          `rules/${category}/: plugin plugins/${category}/ is not loaded; its detectors are unavailable`,
        );
    }
    const files = listFiles(folder, '.yaml');
    for (const name of files.filter((f) => !f.endsWith('.test.yaml'))) {
      const packName = name.slice(0, -'.yaml'.length);
      const path = join(folder, name);
      if (!PACK_NAME.test(packName)) {
        problems.add(
          at(display(path)),
          `pack file name "${name}" must be kebab-case (e.g. ideation.yaml, self-injury.yaml)`,
        );
      }
      const pack = parsePack(display(path), readSource(path), problems, { category, packName });
      if (pack) packs.push(pack);
    }
    for (const name of files.filter((f) => f.endsWith('.test.yaml'))) {
      const packName = name.slice(0, -'.test.yaml'.length);
      const path = join(folder, name);
      if (!files.includes(`${packName}.yaml`)) {
        problems.add(at(display(path)), `test file has no pack ${packName}.yaml beside it`);
        continue;
      }
      testSources.push({
        path,
        pack: packs.find((p) => p.id === `${category}.${packName}`) ?? null,
        packName,
        category,
      });
    }
  }

  const policyPath = join(rulesDir, 'policy.yaml');
  const policy = buildPolicy(
    registry,
    existsSync(policyPath) ? { file: display(policyPath), source: readSource(policyPath) } : null,
    problems,
  );

  const testFiles: TestFile[] = [];
  for (const test of options.withTests === false ? [] : testSources) {
    const parsed = parseTestFile(display(test.path), readFileSync(test.path, 'utf8'), problems, {
      id: `${test.category}.${test.packName}`,
      category: test.category as CategoryId,
    });
    if (parsed) testFiles.push(parsed);
  }

  linkPacks(packs, shared, registry, requirePlugins, problems, warnings);
  if (problems.count > 0 && !options.partial) {
    return { problems: problems.items, warnings, ruleSet: null, testFiles, registry };
  }
  const brokenFiles = new Set(problems.items.map((p) => p.file));
  for (const pack of packs.filter((p) => brokenFiles.has(p.file))) {
    warnings.push(`${pack.file}: left out of this run because of its problems`);
  }
  const usablePacks = packs.filter((p) => !brokenFiles.has(p.file));
  const usableTests = testFiles.filter((t) => usablePacks.some((p) => p.id === t.packId));

  const normalisers = [...CORE_NORMALISERS, ...registry.normalisers];
  const phrases = new PhraseIndex(normalisers);
  const regexes: CompiledRegex[] = [];
  const regexIds = new Map<string, CompiledRegex>();
  const compiled: CompiledRule[] = [];
  for (const pack of usablePacks) {
    const resolver: ExpressionResolver = {
      phrases,
      listTerms: (name) => resolveList(name, pack, shared),
      regex: (pattern, raw) => {
        const key = `${raw ? 'raw' : 'norm'}:${pattern}`;
        let entry = regexIds.get(key);
        if (!entry) {
          entry = compileRuleRegex(regexes.length, pattern, raw);
          regexes.push(entry);
          regexIds.set(key, entry);
        }
        return entry;
      },
      hasDetector: (id) => registry.detector(id) !== undefined,
    };
    for (const definition of pack.rules) {
      const match = compileTriggered(definition.match, resolver);
      if (match.trigger === null) warnUnfilteredRegexes(definition, resolver, warnings);
      compiled.push({
        definition,
        match: match.match,
        trigger: match.trigger,
        confirm: match.confirm,
        unless: definition.unless ? compileExpression(definition.unless, resolver) : null,
      });
    }
  }

  const summaries: PackSummary[] = usablePacks.map((pack) => ({
    id: pack.id,
    category: pack.category,
    version: pack.version,
    languages: pack.languages,
    file: pack.file,
    rules: pack.rules.length,
    shadowRules: pack.rules.filter((r) => r.status === 'shadow').length,
  }));
  const pluginVersions = registry.plugins.map((p) => `${p.manifest.id}@${p.manifest.version}`);
  const rulesVersion = versionHash(hashed, pluginVersions, [...registry.disabled]);
  const ruleSet = new CompiledRuleSet(
    rulesVersion,
    policy,
    summaries,
    compiled,
    phrases,
    regexes,
    registry,
    normalisers,
  );
  return { problems: problems.items, warnings, ruleSet, testFiles: usableTests, registry };
}

function linkPacks(
  packs: readonly RulePack[],
  shared: ReadonlyMap<string, SharedList>,
  registry: PluginRegistry,
  requirePlugins: boolean,
  problems: ProblemList,
  warnings: string[],
): void {
  const ruleIds = new Map<string, SourcePosition>();
  const setFlags = new Set(
    packs.flatMap((p) => p.rules.flatMap((r) => r.setFlags.map((f) => f.name))),
  );
  const testedFlags: { name: string; at: SourcePosition }[] = [];
  for (const pack of packs) {
    const plugin = registry.plugin(pack.category);
    const subcategories: readonly string[] = plugin
      ? plugin.manifest.subcategories.map((s) => s.id)
      : SUBCATEGORY_IDS[pack.category];
    for (const rule of pack.rules) {
      const previous = ruleIds.get(rule.id);
      if (previous) {
        problems.add(
          rule.at,
          `rule id "${rule.id}" is already used at ${previous.file}:${previous.line}:${previous.column}`,
        );
      } else ruleIds.set(rule.id, rule.at);
      if (!subcategories.includes(rule.subcategory)) {
        problems.add(
          rule.at,
          `${rule.id}: subcategory "${rule.subcategory}" is not one of ${pack.category}'s: ${subcategories.join(', ')}`,
        );
      }
      testedFlags.push(...rule.when.flags.map((name) => ({ name, at: rule.at })));
      testedFlags.push(...rule.when.notFlags.map((name) => ({ name, at: rule.at })));
      for (const expression of [rule.match, rule.unless]) {
        if (!expression) continue;
        walk(expression, (node) => {
          if (node.kind === 'lists') {
            for (const name of node.lists) {
              if (resolveList(name, pack, shared) === null) {
                problems.add(
                  node.at,
                  `${rule.id}: unknown list "${name}" (define it under lists: or in rules/_shared/lists/${name.replace(/^_shared\./, '')}.yaml as _shared.<name>)`,
                );
              }
            }
          } else if (node.kind === 'flag') testedFlags.push({ name: node.name, at: node.at });
          else if (node.kind === 'detector')
            checkDetector(node, rule.id, registry, requirePlugins, problems, warnings);
        });
      }
    }
  }
  for (const flag of testedFlags) {
    if (!setFlags.has(flag.name)) {
      problems.add(flag.at, `flag "${flag.name}" is tested but no rule sets it (set_flags)`);
    }
  }
}

function checkDetector(
  node: Extract<Expression, { kind: 'detector' }>,
  ruleId: string,
  registry: PluginRegistry,
  requirePlugins: boolean,
  problems: ProblemList,
  warnings: string[],
): void {
  const detector = registry.detector(node.id);
  const category = node.id.split('.')[0];
  if (!detector) {
    const plugin = isCategoryId(category) ? registry.plugin(category) : undefined;
    if (!plugin && !requirePlugins && isCategoryId(category)) {
      warnings.push(
        `${node.at.file}:${node.at.line}:${node.at.column}: ${ruleId}: detector "${node.id}" cannot be checked (plugin ${category} not loaded); it never matches`,
      );
      return;
    }
    const known = plugin ? plugin.manifest.detectors.join(', ') || 'none' : 'none (no such plugin)';
    problems.add(
      node.at,
      `${ruleId}: unknown detector "${node.id}" (plugin ${category} provides: ${known})`,
    );
    return;
  }
  if (node.subcategory !== null && !detector.subcategories.includes(node.subcategory)) {
    problems.add(
      node.at,
      `${ruleId}: detector "${node.id}" never reports subcategory "${node.subcategory}" (it reports: ${detector.subcategories.join(', ')})`,
    );
  }
}

function resolveList(
  name: string,
  pack: RulePack,
  shared: ReadonlyMap<string, SharedList>,
): string[] | null {
  if (name.startsWith('_shared.')) return shared.get(name.slice('_shared.'.length))?.terms ?? null;
  return pack.lists.get(name) ?? null;
}

function walk(expression: Expression, visit: (node: Expression) => void): void {
  visit(expression);
  switch (expression.kind) {
    case 'near':
      walk(expression.a, visit);
      walk(expression.b, visit);
      break;
    case 'all':
    case 'any':
      for (const item of expression.items) walk(item, visit);
      break;
    case 'not':
      walk(expression.item, visit);
      break;
    default:
      break;
  }
}

function versionHash(
  files: { path: string; source: string }[],
  plugins: string[],
  disabled: string[],
): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    hash.update(file.path).update('\0').update(file.source).update('\0');
  }
  hash.update(plugins.sort().join(',')).update('\0').update(disabled.sort().join(','));
  return hash.digest('hex').slice(0, 12);
}

/**
 * A rule whose only reason to run on every turn is a regex without required literal text
 * (`[0-9]{6,}`, `\\w+@`): say where, so authors can anchor it to a word or a phrase.
 */
function warnUnfilteredRegexes(
  rule: RuleDefinition,
  resolver: ExpressionResolver,
  warnings: string[],
): void {
  const unfiltered: Expression[] = [];
  const triggerable = (node: Expression): boolean => {
    switch (node.kind) {
      case 'phrases':
      case 'lists':
        return true;
      case 'regex':
        if (resolver.regex(node.pattern, node.raw).prefilter === null) unfiltered.push(node);
        return true;
      case 'near':
        return [triggerable(node.a), triggerable(node.b)].some(Boolean);
      case 'all':
        return node.items.map(triggerable).some(Boolean);
      case 'any':
        return node.items.length > 0 && node.items.map(triggerable).every(Boolean);
      default:
        return false;
    }
  };
  if (!triggerable(rule.match)) return;
  for (const node of unfiltered) {
    warnings.push(
      `${node.at.file}:${node.at.line}:${node.at.column}: ${rule.id} is tried on every turn: this regex has no literal text that every match contains; put a word it needs in the pattern or pair it with a phrase (all:, near:)`,
    );
  }
}

function listDirectories(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix) && statSync(join(dir, name)).isFile())
    .sort();
}

function at(file: string): SourcePosition {
  return { file, line: 1, column: 1 };
}
