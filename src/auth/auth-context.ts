import type { ApiKeyMode, ApiKeyScope } from '../persistence/entities/api-key.entity';

/** Who is calling: attached to the request by the guard. */
export type AuthContext = {
  tenantId: string;
  keyId: string;
  mode: ApiKeyMode;
  scopes: readonly ApiKeyScope[];
};
