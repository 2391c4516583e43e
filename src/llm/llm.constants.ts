export const LLM_CONFIG = Symbol('LLM_CONFIG');
export const CATEGORY_DEFINITIONS = Symbol('CATEGORY_DEFINITIONS');
