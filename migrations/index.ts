import { InitialSchema1763790000000 } from './1763790000000-InitialSchema';
import { PortalUsers1763900000000 } from './1763900000000-PortalUsers';
import { AssessmentHistorySearch1764010000000 } from './1764010000000-AssessmentHistorySearch';
import { AssessmentShadowFindings1764100000000 } from './1764100000000-AssessmentShadowFindings';
import { UsageDailyCounters1764200000000 } from './1764200000000-UsageDailyCounters';
import { DropAssessmentCreatedIndex1764300000000 } from './1764300000000-DropAssessmentCreatedIndex';

/** Every migration, oldest first. Listed explicitly so ts-node, jest and dist all agree. */
export const MIGRATIONS = [
  InitialSchema1763790000000,
  PortalUsers1763900000000,
  AssessmentHistorySearch1764010000000,
  AssessmentShadowFindings1764100000000,
  UsageDailyCounters1764200000000,
  DropAssessmentCreatedIndex1764300000000,
];
