import { InitialSchema1763790000000 } from './1763790000000-InitialSchema';

/** Every migration, oldest first. Listed explicitly so ts-node, jest and dist all agree. */
export const MIGRATIONS = [InitialSchema1763790000000];
