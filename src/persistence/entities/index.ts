import { PortalUserEntity } from '../../portal/users/portal-user.entity';
import { ApiKeyEntity } from './api-key.entity';
import { AssessmentEntity } from './assessment.entity';
import { ConversationStateEntity } from './conversation-state.entity';
import { IdempotencyRecordEntity } from './idempotency-record.entity';
import { TenantEntity } from './tenant.entity';
import { UsageDailyEntity } from './usage-daily.entity';

export const ENTITIES = [
  TenantEntity,
  ApiKeyEntity,
  ConversationStateEntity,
  AssessmentEntity,
  IdempotencyRecordEntity,
  UsageDailyEntity,
  PortalUserEntity,
];
