import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import type { TurnContext } from '../pipeline/assessment-stage';
import type { Policy } from '../pipeline/policy';
import type { CompiledRuleSet, PackSummary, RulesOutcome } from '../rule-pack/compiled-rule-set';
import { formatProblem } from '../rule-pack/problems';
import { buildRuleSet, type RuleSetOptions } from '../rule-pack/rule-set-loader';
import { defaultRuleSetOptions } from '../rules-api';
import { StartupError } from '../startup-error';

export type ReloadResult = {
  ok: boolean;
  /** The version now serving (the new one on success, the kept one on failure). */
  rulesVersion: string;
  previousVersion: string;
  /** `file:line:column: message` lines when the candidate set failed to load. */
  problems: string[];
  message: string;
  at: string;
  durationMs: number;
};

export type RulesStatus = {
  rulesVersion: string;
  loadedAt: string;
  packs: PackSummary[];
  rules: number;
  lastReload: ReloadResult | null;
};

/** Optional provider token to point the engine at other rules/plugins folders (tests). */
export const RULES_ENGINE_OPTIONS = Symbol('RULES_ENGINE_OPTIONS');

/**
 * Holds the loaded rule set and evaluates turns against it. Loads at start (a broken plugin
 * or pack stops start-up with a StartupError that says what to fix); `reload()` swaps in a
 * new set atomically and keeps the running one when the new one fails.
 */
@Injectable()
export class RulesEngineService implements OnModuleInit {
  private readonly logger = new Logger(RulesEngineService.name);
  private ruleSet: CompiledRuleSet | undefined;
  private loadedAt = new Date();
  private lastReload: ReloadResult | null = null;
  private readonly options: RuleSetOptions;

  constructor(@Optional() @Inject(RULES_ENGINE_OPTIONS) options?: Partial<RuleSetOptions>) {
    const defaults = defaultRuleSetOptions();
    this.options = {
      rulesDir: options?.rulesDir ?? defaults.rulesDir,
      pluginsDir: options?.pluginsDir ?? defaults.pluginsDir,
      // Start-up is strict (SPEC 9: a broken pack never loads); RULES_ALLOW_MISSING_PLUGINS=1
      // relaxes only the "rules folder without a plugin" check, for authoring setups.
      requirePlugins: options?.requirePlugins ?? process.env.RULES_ALLOW_MISSING_PLUGINS !== '1',
      ...(options?.env ? { env: options.env } : {}),
    };
  }

  onModuleInit(): void {
    this.current();
  }

  /** The rule set serving now; read it once per turn so one turn never mixes two sets. */
  current(): CompiledRuleSet {
    if (!this.ruleSet) {
      const { ruleSet, problems } = this.build();
      if (!ruleSet) {
        throw new StartupError(
          `the rule packs do not load (${problems.length} problem(s)); fix them, then run \`npm run rules:lint\`:\n` +
            problems
              .slice(0, 30)
              .map((p) => `  ${p}`)
              .join('\n'),
        );
      }
      this.ruleSet = ruleSet;
      this.loadedAt = new Date();
      this.logger.log(
        `rules ${ruleSet.rulesVersion} loaded: ${ruleSet.packs.length} packs, ${ruleSet.rules.length} rules`,
      );
    }
    return this.ruleSet;
  }

  get rulesVersion(): string {
    return this.current().rulesVersion;
  }

  /** Where the rule set loads from, so tools can lint, test or backtest the packs on disk. */
  get sources(): Readonly<RuleSetOptions> {
    return this.options;
  }

  get policy(): Policy {
    return this.current().policy;
  }

  evaluate(context: TurnContext): RulesOutcome {
    return this.current().evaluate(context);
  }

  async reload(): Promise<ReloadResult> {
    const started = performance.now();
    const previousVersion = this.ruleSet?.rulesVersion ?? 'none';
    let built: { ruleSet: CompiledRuleSet | null; problems: string[] };
    try {
      built = this.build();
    } catch (error) {
      // A broken plugin or filter surfaces as a StartupError: report it, keep serving.
      built = { ruleSet: null, problems: [(error as Error).message] };
    }
    const at = new Date();
    const durationMs = Math.round(performance.now() - started);
    let result: ReloadResult;
    if (built.ruleSet) {
      this.ruleSet = built.ruleSet;
      this.loadedAt = at;
      const changed = built.ruleSet.rulesVersion !== previousVersion;
      result = {
        ok: true,
        rulesVersion: built.ruleSet.rulesVersion,
        previousVersion,
        problems: [],
        message: changed
          ? `loaded rules ${built.ruleSet.rulesVersion} (${built.ruleSet.packs.length} packs, ${built.ruleSet.rules.length} rules)`
          : `rules unchanged (${previousVersion})`,
        at: at.toISOString(),
        durationMs,
      };
      this.logger.log(result.message);
    } else {
      result = {
        ok: false,
        rulesVersion: previousVersion,
        previousVersion,
        problems: built.problems,
        message: `reload failed with ${built.problems.length} problem(s); still serving rules ${previousVersion}`,
        at: at.toISOString(),
        durationMs,
      };
      this.logger.warn(result.message);
    }
    this.lastReload = result;
    return result;
  }

  status(): RulesStatus {
    const ruleSet = this.current();
    return {
      rulesVersion: ruleSet.rulesVersion,
      loadedAt: this.loadedAt.toISOString(),
      packs: [...ruleSet.packs],
      rules: ruleSet.rules.length,
      lastReload: this.lastReload,
    };
  }

  private build(): { ruleSet: CompiledRuleSet | null; problems: string[] } {
    const result = buildRuleSet({ ...this.options, withTests: false });
    return { ruleSet: result.ruleSet, problems: result.problems.map(formatProblem) };
  }
}
