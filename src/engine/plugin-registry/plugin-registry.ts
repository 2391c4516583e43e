import type { CategoryId } from '../taxonomy';
import type { CategoryPlugin, TextDetector, TextNormaliser } from './plugin-contract';

/** The validated, loaded category plugins, looked up by category and by detector id. */
export class PluginRegistry {
  private readonly byCategory = new Map<CategoryId, CategoryPlugin>();
  private readonly detectorsById = new Map<string, TextDetector>();

  constructor(
    plugins: readonly CategoryPlugin[],
    /** Categories switched off by ENABLED_CATEGORIES / DISABLED_CATEGORIES. */
    readonly disabled: ReadonlySet<CategoryId> = new Set(),
  ) {
    for (const plugin of plugins) {
      this.byCategory.set(plugin.manifest.id, plugin);
      for (const detector of plugin.detectors) this.detectorsById.set(detector.id, detector);
    }
  }

  get plugins(): CategoryPlugin[] {
    return [...this.byCategory.values()];
  }

  plugin(category: CategoryId): CategoryPlugin | undefined {
    return this.byCategory.get(category);
  }

  detector(id: string): TextDetector | undefined {
    return this.detectorsById.get(id);
  }

  /** Plugin normalisers, in category order then manifest order; the engine runs them after `core.*`. */
  get normalisers(): TextNormaliser[] {
    return this.plugins.flatMap((plugin) => {
      const byId = new Map(plugin.normalisers.map((n) => [n.id, n]));
      return plugin.manifest.normalisers
        .map((id) => byId.get(id))
        .filter((n): n is TextNormaliser => n !== undefined);
    });
  }
}
