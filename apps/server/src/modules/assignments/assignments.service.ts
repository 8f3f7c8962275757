import {
  ASSIGNMENT_AUDIENCE,
  ASSIGNMENT_LIFECYCLE,
  type AssignmentAbilities,
  type AssignmentCourseSearch,
  type AssignmentCreate,
  type AssignmentDetail,
  type AssignmentListQuery,
  type AssignmentProgress,
  type MyAssignmentQuery,
  type MyAssignmentRow,
  type AssignmentProgressExport,
  type AssignmentProgressQuery,
  type AssignmentRow,
  type AssignmentUpdate,
  AssignmentCourseSearchSchema,
  type Page,
} from '@hanlin/shared';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { AppError } from '../../platform/errors.js';
import { abilitiesOf, deleteCommand, lockEditable, transitionCommand } from '../../platform/lifecycle.js';
import { homeOrgInScope, requireInScope, scopedLock } from '../../platform/scope.js';
import { pageWindow } from '../../platform/paging.js';
import { clearAudience, getAudience, setAudience } from '../audiences/index.js';
import { durationText, localizedExport, personColumns } from '../course-reports/index.js';
import * as repo from './assignments.repository.js';
import { learnAssignments } from './assignments.schema.js';

const ABILITY_CODES: Record<keyof AssignmentAbilities, string> = {
  modify: 'xxzp:modify',
  delete: 'xxzp:delete',
  publish: 'xxzp:publish',
  unpublish: 'xxzp:unpublish',
};
/** At most this many assignees in one export. */
export const ASSIGNMENT_EXPORT_MAX_ROWS = 100_000;

const isExpired = (deadline: Date) => deadline.getTime() <= Date.now();
const owner = (id: number) => ({ type: ASSIGNMENT_AUDIENCE, id });

export function createAssignmentsService({ db, lists }: { db: Db; lists: ListRuntime }) {
  function present(principal: Principal, r: repo.AssignmentListRow): AssignmentRow {
    const status = r.status;
    const expired = isExpired(r.deadline);
    return {
      id: r.id,
      title: r.title,
      deadline: r.deadline.toISOString(),
      status,
      requiredCount: r.requiredCount,
      electiveCount: r.electiveCount,
      assigneeCount: r.assigneeCount,
      orgId: r.orgId,
      orgName: r.orgName,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      expired,
      // An expired assignment cannot be published (spec §4): the button is not offered either.
      abilities: abilitiesOf(ASSIGNMENT_LIFECYCLE.abilities(status), principal.permissions, ABILITY_CODES, { publish: !expired }),
    };
  }

  /** The assignment, inside the caller's data scope (NOT_FOUND_ERROR / NO_DATA_PERMISSION_ERROR). */
  async function getInScope(principal: Principal, id: number, field = 'id') {
    const row = await repo.getAssignmentRow(db, id);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field });
    requireInScope(principal, row.orgPath, { field });
    return row;
  }

  async function get(principal: Principal, id: number): Promise<AssignmentDetail> {
    const row = await getInScope(principal, id);
    const [courses, audience] = await Promise.all([repo.getAssignmentCourses(db, id), getAudience(db, owner(id))]);
    return { ...present(principal, row), courses, audience };
  }

  const lockInScope = scopedLock(repo.lockAssignments, { field: 'ids' });

  /** Courses must be published when saved; a course listed twice keeps its first place. */
  async function checkCourses(tx: DbOrTx, input: AssignmentCreate) {
    const list = [...new Map(input.courses.map((c) => [c.courseId, c])).values()];
    const bad = await repo.unpublishedCourses(
      tx,
      list.map((c) => c.courseId),
    );
    if (bad.length) throw new AppError('NOT_FOUND_ERROR', { field: 'courses', data: { ids: bad } });
    return list;
  }

  /**
   * Checked again on the server when publishing (the page may be old): the deadline still ahead
   * (DEADLINE_BEFORE_NOW) and every course still on the shelf (CONTENT_INCOMPLETE naming them in
   * `data.courses`).
   */
  async function requirePublishable(tx: DbOrTx, rows: { id: number; deadline: Date }[]) {
    const expired = rows.filter((r) => isExpired(r.deadline)).map((r) => r.id);
    if (expired.length) throw new AppError('DEADLINE_BEFORE_NOW', { field: 'deadline', data: { ids: expired } });
    const gone = await repo.coursesOffShelfOf(
      tx,
      rows.map((r) => r.id),
    );
    if (gone.length) throw new AppError('CONTENT_INCOMPLETE', { field: 'courses', data: { courses: gone } });
  }

  /** Publishing is checked again, stamps `publishedAt` and enrols the audience. */
  const transition = transitionCommand({
    db,
    lifecycle: ASSIGNMENT_LIFECYCLE,
    table: learnAssignments,
    state: 'status',
    lock: lockInScope,
    on: {
      publish: {
        check: requirePublishable,
        set: (now) => ({ publishedAt: now }),
        async after(tx, rows) {
          for (const r of rows) await repo.enrolAudience(tx, r.id);
        },
      },
    },
  });

  async function progressOf(principal: Principal, q: Omit<AssignmentProgressQuery, 'page' | 'size'>, page: { limit: number | null; offset: number }) {
    const a = await getInScope(principal, q.id);
    const [found, courses] = await Promise.all([repo.findAssignees(db, principal, { id: a.id, deadline: a.deadline }, q, page), repo.getAssignmentCourses(db, a.id)]);
    return { a, courses, ...found };
  }

  return {
    async list(principal: Principal, q: AssignmentListQuery): Promise<Page<AssignmentRow>> {
      const page = await repo.findAssignments(lists, principal, q);
      return { ...page, records: page.records.map((r) => present(principal, r)) };
    },

    get,

    async courses(input: AssignmentCourseSearch) {
      const q = AssignmentCourseSearchSchema.parse(input);
      return repo.searchPublishedCourses(db, q);
    },

    async insert(principal: Principal, input: AssignmentCreate): Promise<AssignmentDetail> {
      const id = await db.transaction(async (tx) => {
        const list = await checkCourses(tx, input);
        const orgId = await homeOrgInScope(tx, principal);
        const newId = await repo.insertAssignment(tx, { title: input.title, deadline: new Date(input.deadline), orgId, createdBy: principal.userId });
        await repo.setAssignmentCourses(tx, newId, list);
        await setAudience(tx, principal, owner(newId), input.audience);
        return newId;
      });
      return get(principal, id);
    },

    /** Only a draft or unpublished assignment changes (a published one must be unpublished first). */
    async update(principal: Principal, input: AssignmentUpdate): Promise<AssignmentDetail> {
      await db.transaction(async (tx) => {
        await lockEditable(tx, principal, input.id, lockInScope, ASSIGNMENT_LIFECYCLE);
        const list = await checkCourses(tx, input);
        await repo.updateAssignment(tx, input.id, { title: input.title, deadline: new Date(input.deadline) });
        await repo.setAssignmentCourses(tx, input.id, list);
        await setAudience(tx, principal, owner(input.id), input.audience);
      });
      return get(principal, input.id);
    },

    /** A published assignment must be unpublished before it goes; learners it made stay learners. */
    remove: deleteCommand({ db, lifecycle: ASSIGNMENT_LIFECYCLE, lock: lockInScope, clear: (tx, id) => clearAudience(tx, owner(id)), remove: repo.deleteAssignments }),

    publish: (principal: Principal, ids: number[]) => transition(principal, ids, 'publish'),
    unpublish: (principal: Principal, ids: number[]) => transition(principal, ids, 'unpublish'),

    /** The caller's own published assignments (student portal). */
    async my(principal: Principal, q: MyAssignmentQuery): Promise<Page<MyAssignmentRow>> {
      return { ...(await repo.findMyAssignments(db, principal.userId, q, pageWindow(q))), page: q.page, size: q.size };
    },

    async progress(principal: Principal, q: AssignmentProgressQuery): Promise<AssignmentProgress> {
      const { a, courses, records, total } = await progressOf(principal, q, pageWindow(q));
      const summary = await repo.assigneeSummary(db, principal, a.id);
      const expired = isExpired(a.deadline);
      return {
        records,
        total,
        page: q.page,
        size: q.size,
        title: a.title,
        deadline: a.deadline.toISOString(),
        expired,
        courses,
        summary: { ...summary, overdue: expired ? summary.assignees - summary.done : 0 },
      };
    },

    /** Every assignee matching the filters, one column per course, in the reader's language and time. */
    async exportProgress(principal: Principal, q: AssignmentProgressExport) {
      const { a, courses, records } = await progressOf(principal, q, { limit: ASSIGNMENT_EXPORT_MAX_ROWS, offset: 0 });
      return localizedExport(
        q,
        (w) => `${w.assignProgress}-${a.title}`,
        (w) => [
          ...personColumns(w),
          { header: w.progress, value: (r) => r.progress },
          { header: w.passed, value: (r) => r.passedCount },
          { header: w.learnedTime, value: (r) => durationText(r.learnedSeconds) },
          { header: w.done, value: (r) => (r.done ? w.yes : w.no) },
          { header: w.overdue, value: (r) => (r.overdue ? w.yes : w.no) },
          ...courses.map((c) => ({
            header: `${c.name} (${c.required ? w.requiredYes : w.requiredNo}) ${w.progress}`,
            width: 24,
            value: (r: (typeof records)[number]) => {
              const cell = r.courses.find((x) => x.courseId === c.courseId);
              return cell ? `${cell.progress} · ${cell.status ? w[`state_${cell.status}`] : w.state_none}` : '';
            },
          })),
        ],
        records,
      );
    },
  };
}
export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
