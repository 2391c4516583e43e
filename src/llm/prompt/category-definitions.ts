import { resolve } from 'node:path';
import type {
  CategoryPlugin,
  SubcategoryDefinition,
} from '../../engine/plugin-registry/plugin-contract';
import { categoryFilterFromEnv, loadPlugins } from '../../engine/plugin-registry/plugin-loader';
import { CATEGORY_IDS, SUBCATEGORY_IDS, type CategoryId } from '../../engine/taxonomy';

/** What the prompt needs to know about one category; each plugin contributes its own. */
export type CategoryDefinition = {
  id: CategoryId;
  title: string;
  description: string;
  subcategories: Pick<SubcategoryDefinition, 'id' | 'title' | 'description'>[];
  /** The plugin's own part of the prompt (Markdown); empty when the plugin has none. */
  promptFragment: string;
};

export function definitionFromPlugin(plugin: CategoryPlugin): CategoryDefinition {
  return {
    id: plugin.manifest.id,
    title: plugin.manifest.title,
    description: plugin.manifest.description,
    subcategories: plugin.manifest.subcategories.map(({ id, title, description }) => ({
      id,
      title,
      description,
    })),
    promptFragment: plugin.promptFragment,
  };
}

/** Used only for a category whose plugin is not installed: ids, without definitions. */
function bareDefinition(id: CategoryId): CategoryDefinition {
  return {
    id,
    title: id,
    description: '',
    subcategories: SUBCATEGORY_IDS[id].map((sub) => ({ id: sub, title: sub, description: '' })),
    promptFragment: '',
  };
}

/**
 * The prompt's category definitions from the installed plugins, loaded and validated by the
 * engine's plugin loader (the same one the rules engine uses). The path is resolved from
 * this file so both the TypeScript sources and the compiled `dist/` tree work. A category
 * whose plugin is missing (or disabled) is still asked about, by its ids alone.
 */
export function loadCategoryDefinitions(
  pluginsDir = resolve(__dirname, '../../../plugins'),
): CategoryDefinition[] {
  const registry = loadPlugins({
    pluginsDir,
    filter: categoryFilterFromEnv(),
    requirePluginForRules: false,
    onIncompletePlugin: () => undefined,
  });
  return CATEGORY_IDS.map((id) => {
    const plugin = registry.plugins.find((candidate) => candidate.manifest.id === id);
    return plugin ? definitionFromPlugin(plugin) : bareDefinition(id);
  });
}
