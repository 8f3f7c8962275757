import { eq, ilike, or, sql } from 'drizzle-orm';
import type { INSTITUTION_SORT_KEYS } from '@hanlin/shared';
import { defineList } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { institutions } from './institutions.schema.js';

/** Training organizations of the caller's data scope; the keyword searches name, contact and direction. */
export const institutionList = defineList({
  name: 'institution_list',
  table: institutions,
  tables: ['institutions', 'organizations'],
  scope: { column: institutions.orgId, nullable: true },
  keyword: (p) => or(ilike(institutions.name, p), ilike(institutions.contact, p), ilike(institutions.direction, p)),
  sort: { id: institutions.id, name: institutions.name, createdAt: institutions.createdAt } satisfies Record<(typeof INSTITUTION_SORT_KEYS)[number], unknown>,
  columns: {
    id: institutions.id,
    name: institutions.name,
    phone: institutions.phone,
    contact: institutions.contact,
    contactPhone: institutions.contactPhone,
    address: institutions.address,
    direction: institutions.direction,
    cover: institutions.cover,
    qualification: institutions.qualification,
    profile: institutions.profile,
    orgId: institutions.orgId,
    orgName: sql<string | null>`${organizations.name}`,
    orgPath: sql<string | null>`${organizations.path}`,
    creatorName: sql<string | null>`${users.realname}`,
    createdAt: institutions.createdAt,
    updatedAt: institutions.updatedAt,
  },
  join: (q) => q.leftJoin(organizations, eq(organizations.id, institutions.orgId)).leftJoin(users, eq(users.id, institutions.createdBy)),
});
