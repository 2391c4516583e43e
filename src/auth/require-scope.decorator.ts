import { SetMetadata } from '@nestjs/common';
import type { ApiKeyScope } from '../persistence/entities/api-key.entity';

export const REQUIRED_SCOPE = 'ca:required-scope';

/**
 * Marks a route as needing an API key with this scope (`admin` implies every scope).
 * Routes without it are public (health, metrics, docs).
 */
export const RequireScope = (scope: ApiKeyScope) => SetMetadata(REQUIRED_SCOPE, scope);
