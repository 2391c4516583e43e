import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type {
  CategoryPlugin,
  SubcategoryDefinition,
} from '../../engine/plugin-registry/plugin-contract';
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
 * Loads `plugins/<id>/<id>.plugin` for every category. Resolved from this file so that both
 * the TypeScript sources (jest, swc-node) and the compiled `dist/` tree work. This is a small
 * stand-in for the engine's plugin registry: swap the call site to the registry's list of
 * loaded plugins when it is available.
 */
export function loadCategoryDefinitions(
  pluginsDir = resolve(__dirname, '../../../plugins'),
): CategoryDefinition[] {
  return CATEGORY_IDS.map((id) => {
    const base = join(pluginsDir, id, `${id}.plugin`);
    const file = ['.ts', '.js'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
    if (!file) return bareDefinition(id);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require(file) as { plugin?: CategoryPlugin };
    return loaded.plugin ? definitionFromPlugin(loaded.plugin) : bareDefinition(id);
  });
}
