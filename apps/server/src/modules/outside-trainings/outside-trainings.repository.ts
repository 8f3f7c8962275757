import { eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList } from '../../platform/list.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { insertRow } from '../../platform/table-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { outsideTrainings } from './outside-trainings.schema.js';

const t = outsideTrainings;
const columns = {
  id: t.id,
  institutionName: t.institutionName,
  institutionId: t.institutionId,
  course: t.course,
  startDate: t.startDate,
  endDate: t.endDate,
  cost: t.cost,
  reason: t.reason,
  attachments: t.attachments,
  status: t.status,
  result: t.result,
  score: t.score,
  notes: t.notes,
  certificate: t.certificate,
  resultAt: t.resultAt,
  orgId: t.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdBy: t.createdBy,
  creatorName: users.realname,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};

/** The list of applications: `manage` in the caller's data scope (the training department: all), `mine` the caller's own (`applicantId`). */
const listOf = (name: string, scoped: boolean) =>
  defineList({
    name,
    table: t,
    tables: ['outside_trainings', 'organizations'],
    ...(scoped ? { scope: { column: t.orgId, nullable: true } } : {}),
    filters: {
      state: (v) => eq(t.status, v),
      orgId: (v) => eq(t.orgId, v),
      applicantId: (v) => eq(t.createdBy, v),
    },
    keyword: (pattern) => or(ilike(t.course, pattern), ilike(t.institutionName, pattern)),
    sort: { id: t.id, startDate: t.startDate, cost: t.cost, createdAt: t.createdAt },
    columns,
    join: (q) => q.leftJoin(organizations, eq(organizations.id, t.orgId)).leftJoin(users, eq(users.id, t.createdBy)),
  });
export const outsideTrainingList = listOf('outside_training_list', true);
export const myOutsideTrainingList = listOf('my_outside_training_list', false);
export type OutsideTrainingListRow = Awaited<ReturnType<typeof outsideTrainingList.rowsOf>>[number];

/** Locks applications for a change, with the organization path for the scope check and the applicant. */
export const lockOutsideTrainings = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, t, ids, ['status', 'course', 'createdBy', 'startDate', 'endDate', 'attachments']);

export const insertOutsideTraining = (tx: DbOrTx, values: typeof t.$inferInsert) => insertRow(tx, t, values);
