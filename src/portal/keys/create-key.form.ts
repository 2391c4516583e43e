import {
  API_KEY_SCOPES,
  type ApiKeyMode,
  type ApiKeyScope,
} from '../../persistence/entities/api-key.entity';

/** What the create form posted, kept as strings so a refused form can be shown again as sent. */
export type CreateKeyForm = { mode: string; scopes: string[]; name: string };
export type CreateKeyInput = { mode: ApiKeyMode; scopes: ApiKeyScope[]; name: string };

/** Matches the api_key.name column. */
export const MAX_KEY_NAME_CHARS = 200;
/** The label a key gets when the form leaves the name empty. */
export const DEFAULT_KEY_NAME = 'portal';

const isScope = (value: string): value is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

/** Reads the urlencoded body: one checked box arrives as a string, several as an array. */
export function createKeyFormFrom(body: unknown): CreateKeyForm {
  const fields = (body ?? {}) as Record<string, unknown>;
  const scopes = Array.isArray(fields.scopes) ? (fields.scopes as unknown[]) : [fields.scopes];
  return {
    mode: typeof fields.mode === 'string' ? fields.mode : '',
    scopes: scopes.filter((scope): scope is string => typeof scope === 'string'),
    name: typeof fields.name === 'string' ? fields.name.trim() : '',
  };
}

/** The key to create, or the message that explains why the form was refused. */
export function validateCreateKeyForm(
  form: CreateKeyForm,
): { input: CreateKeyInput } | { error: string } {
  if (form.mode !== 'live' && form.mode !== 'test') return { error: 'Mode must be live or test.' };
  if (form.scopes.length === 0) return { error: 'Choose at least one scope.' };
  const unknown = form.scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) return { error: `Unknown scope: ${unknown.join(', ')}.` };
  if (form.name.length > MAX_KEY_NAME_CHARS) {
    return { error: `The name may have at most ${MAX_KEY_NAME_CHARS} characters.` };
  }
  return {
    input: {
      mode: form.mode,
      scopes: [...new Set(form.scopes.filter(isScope))],
      name: form.name || DEFAULT_KEY_NAME,
    },
  };
}
