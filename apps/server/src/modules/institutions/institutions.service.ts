import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { createNamedRecordsService } from '../../platform/named-records.js';
import { institutionList } from './institutions.repository.js';
import { institutions } from './institutions.schema.js';
import { institutionUses } from './institutions.usage.js';

/** Training organizations: list, get, insert, update and delete; one a registered module uses is refused. */
export function createInstitutionsService({ app, db, lists }: { app: FastifyInstance } & Pick<AppContext, 'db' | 'lists'>) {
  const codes = { modify: 'pxjggl:modify', delete: 'pxjggl:delete' };
  return createNamedRecordsService(
    { db, lists },
    { table: institutions, list: institutionList, codes, uses: institutionUses(app), inUseError: 'IN_USE_TRAINING_ORGANIZATION' },
  );
}
export type InstitutionsService = ReturnType<typeof createInstitutionsService>;
