import {
  COMMENT_LIFECYCLE,
  COURSE_APPROVAL_LIFECYCLE,
  COURSE_AUDIENCE,
  COURSE_INTRO_MAX,
  COURSE_LIFECYCLE,
  courseRoutes,
  type CourseAbilities,
  type CourseApprovalState,
  type CourseChaptersSave,
  type CourseComment,
  type CourseCommentListQuery,
  type CourseCommentManageQuery,
  type CourseCommentPost,
  type CourseCommentRow,
  type CourseDetail,
  type CourseInsert,
  type CourseListExport,
  type CourseListQuery,
  type CourseRefuse,
  type CourseRow,
  type CourseStatus,
  type CourseUpdate,
  type Page,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { abilitiesOf, applyTransition, transitionCommand } from '../../platform/lifecycle.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { requireInScope, scopedLock } from '../../platform/scope.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import { claimFile, linkFile, type FileSigner } from '../uploads/index.js';
import { clearAudience, getAudience, setAudience } from '../audiences/index.js';
import { localizedExport } from '../course-reports/index.js';
import { wallClockTime } from '../../platform/xlsx.js';
import { requireTemplateInScope } from '../certificates/index.js';
import * as repo from './courses.repository.js';
import { categoryTree as tree } from './courses.repository.js';
import { courseCategories, courseComments, courses } from './courses.schema.js';
import { coursesInUse } from './courses.usage.js';
import type { InUse } from '../../platform/use-registry.js';

/** The permission code each ability also needs. Submitting is for those who cannot publish themselves. */
const ABILITY_CODES: Record<keyof CourseAbilities, string> = {
  modify: 'kcgl:modify',
  delete: 'kcgl:delete',
  publish: 'kcgl:publish',
  unpublish: 'kcgl:unpublish',
  offShelf: 'kcgl:unpublish',
  submit: 'kcgl:add',
  // Either of APPROVE_CODES (below).
  approve: 'kcsp:approve',
  refuse: 'kcsp:approve',
};
/** Approving (and refusing) is for the approval page's code and the course list's own (spec §6: both menus carry `approve`). */
const APPROVE_CODES = [courseRoutes.approve.permission].flat();
const COMMENT_CODES = { modify: 'kcpl:modify', delete: 'kcpl:modify', shield: 'kcpl:modify', restore: 'kcpl:modify' };

/** A course may be published when its approval is not pending or refused (an administrator's needs none). */
const approvalAllowsPublish = (a: CourseApprovalState) => a === 'none' || a === 'approved';
const editable = (status: CourseStatus, approval: CourseApprovalState) => COURSE_LIFECYCLE.abilities(status).modify && COURSE_APPROVAL_LIFECYCLE.abilities(approval).modify;

/** At most this many courses in one export. */
export const COURSE_EXPORT_MAX_ROWS = 100_000;

/** Rich text of the intro: the platform's rich-text rules. */
export const sanitizeIntro = sanitizeRichText;

interface Deps {
  db: Db;
  lists: ListRuntime;
  signer: FileSigner;
  /** Modules referencing courses (learners): a course one of them uses is not deleted. */
  uses: ReadonlyMap<string, InUse>;
}

export function createCoursesService({ db, lists, signer, uses }: Deps) {
  function abilitiesFor(p: Principal, { status, approval, learnerCount }: { status: CourseStatus; approval: CourseApprovalState; learnerCount: number }): CourseAbilities {
    const st = COURSE_LIFECYCLE.abilities(status);
    const ap = COURSE_APPROVAL_LIFECYCLE.abilities(approval);
    const byState: CourseAbilities = {
      modify: st.modify && ap.modify,
      delete: st.delete,
      publish: st.publish && approvalAllowsPublish(approval),
      unpublish: st.unpublish,
      offShelf: st.offShelf,
      submit: ap.submit && st.modify,
      approve: ap.approve,
      refuse: ap.refuse,
    };
    const approver = APPROVE_CODES.some((c) => p.permissions.has(c));
    const out = abilitiesOf(byState, p.permissions, ABILITY_CODES, { delete: learnerCount === 0, submit: !p.permissions.has('kcgl:publish') });
    return { ...out, approve: byState.approve && approver, refuse: byState.refuse && approver };
  }

  async function present(p: Principal, rows: repo.CourseRecord[]): Promise<CourseRow[]> {
    return Promise.all(
      rows.map(async ({ orgPath: _orgPath, coverId, ...r }) => ({
        ...r,
        status: r.status,
        approval: r.approval,
        coverUrl: coverId ? await signer.publicUrl(coverId) : null,
        validUntil: r.validUntil?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        publishedAt: r.publishedAt?.toISOString() ?? null,
        abilities: abilitiesFor(p, r),
      })),
    );
  }

  /** Locks the courses inside the transaction; unknown ids NOT_FOUND_ERROR, others' NO_DATA_PERMISSION_ERROR. */
  const lockInScope = scopedLock(repo.lockCourses);
  const lockCommentsInScope = scopedLock(repo.lockComments);

  async function claimCover(tx: DbOrTx, p: Principal, cover: string | null) {
    if (!cover) return null;
    const file = await claimFile(tx, p, cover, { purpose: 'cover', field: 'cover', missing: 'FILE_TYPE_ERROR' });
    if (!file || !file.mime.startsWith('image/')) throw new AppError('FILE_TYPE_ERROR', { field: 'cover' });
    return file;
  }

  function assertLater(iso: string | null | undefined) {
    if (iso && new Date(iso).getTime() <= Date.now()) throw new AppError('TIME_BEFORE_NOW', { field: 'validUntil' });
  }

  function cleanIntro(html: string) {
    const clean = sanitizeIntro(html);
    if (clean.length > COURSE_INTRO_MAX) throw new AppError('PARAMETER_INVALID', { field: 'intro' });
    return clean;
  }

  async function requireCategory(dbx: DbOrTx, categoryId: number | null | undefined) {
    if (categoryId != null) await tree.mustGet(dbx, categoryId, 'categoryId');
  }

  /**
   * What the shelf asks of a course: approval none or approved, validity not passed
   * (COURSE_EXPIRED), every chapter with courseware (CONTENT_INCOMPLETE).
   */
  async function requirePublishable(tx: DbOrTx, rows: Awaited<ReturnType<typeof lockInScope>>) {
    const waiting = rows.filter((r) => !approvalAllowsPublish(r.approval)).map((r) => r.id);
    if (waiting.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'approval', data: { ids: waiting } });
    const expired = rows.filter((r) => r.validUntil && r.validUntil.getTime() <= Date.now()).map((r) => r.id);
    if (expired.length) throw new AppError('COURSE_EXPIRED', { field: 'ids', data: { ids: expired } });
    await requireComplete(tx, rows);
  }

  /** Lifecycle commands on courses in scope; publishing is checked first and stamps `publishedAt` (of two concurrent publishes one wins). */
  const transition = transitionCommand({
    db,
    lifecycle: COURSE_LIFECYCLE,
    table: courses,
    state: 'status',
    lock: lockInScope,
    on: { publish: { check: requirePublishable, set: (now) => ({ publishedAt: now }) } },
  });

  /** Approval commands on courses in scope. */
  const approvalTransition = transitionCommand({
    db,
    lifecycle: COURSE_APPROVAL_LIFECYCLE,
    table: courses,
    state: 'approval',
    lock: lockInScope,
    on: { submit: { check: requireSubmittable } },
  });

  /** Submitting is for those who cannot publish, on editable, complete courses. */
  async function requireSubmittable(tx: DbOrTx, rows: Awaited<ReturnType<typeof lockInScope>>, p: Principal) {
    // Those who may publish need no approval: submitting is the lecturers' way to the shelf.
    if (p.permissions.has('kcgl:publish')) throw new AppError('NO_PERMISSION_ERROR', { field: 'ids' });
    const notEditable = rows.filter((r) => !COURSE_LIFECYCLE.abilities(r.status).modify).map((r) => r.id);
    if (notEditable.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: notEditable } });
    await requireComplete(tx, rows);
  }

  /** CONTENT_INCOMPLETE naming the courses without chapters or with an empty chapter. */
  async function requireComplete(tx: DbOrTx, rows: { id: number }[]) {
    const complete = await repo.completeCourseIds(
      tx,
      rows.map((r) => r.id),
    );
    const incomplete = rows.filter((r) => !complete.has(r.id)).map((r) => r.id);
    if (incomplete.length) throw new AppError('CONTENT_INCOMPLETE', { field: 'ids', data: { ids: incomplete } });
  }

  async function get(p: Principal, id: number): Promise<CourseDetail> {
    const [row] = await repo.getCourses(db, [id]);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(p, row.orgPath);
    const [[presented], extra, lecturers, audience, chapters] = await Promise.all([
      present(p, [row]),
      repo.getCourseExtra(db, id),
      repo.courseLecturerRows(db, id),
      getAudience(db, { type: COURSE_AUDIENCE, id }),
      repo.getCourseOutline(db, id),
    ]);
    return { ...presented, ...extra, cover: row.coverId ? `/api/upload/file/${row.coverId}` : null, lecturers, audience, chapters };
  }

  /** The classification tree: a class holding courses stays (IN_USE_CLASSIFICATION). */
  const categories = categoryTreeCommands({ db, table: courseCategories, tree, itemsInUse: 'IN_USE_CLASSIFICATION' });

  return {
    categories,

    async list(p: Principal, q: CourseListQuery): Promise<Page<CourseRow>> {
      const page = await repo.findCourses(lists, p, q);
      return { ...page, records: await present(p, page.records) };
    },

    /** The list's courses (its filters, scope and order) as an Excel file in the reader's language and time zone. */
    async exportList(p: Principal, q: CourseListExport) {
      const { lang, timeZone, ...filters } = q;
      const rows = await repo.exportCourses(db, p, filters, COURSE_EXPORT_MAX_ROWS);
      return localizedExport(
        { lang, timeZone },
        (w) => w.courseList,
        (w, tz) => [
          { header: w.course, value: (r) => r.name },
          { header: w.category, value: (r) => r.categoryName },
          { header: w.required, value: (r) => (r.required ? w.requiredYes : w.requiredNo) },
          { header: w.credits, value: (r) => r.credit },
          { header: w.labels, value: (r) => r.labels.join(', ') },
          { header: w.status, value: (r) => w[`course_${r.status}`] },
          { header: w.chapters, value: (r) => r.chapterCount },
          { header: w.learners, value: (r) => r.learnerCount },
          { header: w.validUntil, value: (r) => wallClockTime(r.validUntil, tz) },
          { header: w.org, value: (r) => r.orgName },
          { header: w.creator, value: (r) => r.creatorName },
          { header: w.createdAt, value: (r) => wallClockTime(r.createdAt, tz) },
          { header: w.publishedAt, value: (r) => wallClockTime(r.publishedAt, tz) },
        ],
        rows,
      );
    },

    /** Courses waiting for approval (or in another approval state when asked), in the approver's scope. */
    async approvalList(p: Principal, q: CourseListQuery): Promise<Page<CourseRow>> {
      const page = await repo.findCourses(lists, p, { ...q, approval: q.approval ?? 'pending' });
      return { ...page, records: await present(p, page.records) };
    },

    get,

    lecturerOptions: (keyword?: string) => repo.lecturerOptions(db, keyword),
    certificateOptions: (p: Principal, keyword?: string) => repo.certificateOptions(db, p, keyword),
    coursewareOptions: (keyword?: string) => repo.coursewareOptions(db, keyword),

    async insert(p: Principal, input: CourseInsert) {
      assertLater(input.validUntil);
      const intro = cleanIntro(input.intro);
      return db.transaction(async (tx) => {
        const cover = await claimCover(tx, p, input.cover);
        await requireCategory(tx, input.categoryId);
        await requireTemplateInScope(tx, p, input.certificateTemplateId);
        if (await repo.nameTaken(tx, input.name)) throw new AppError('DUPLICATE_COURSE', { field: 'name' });
        const id = await repo.insertCourse(tx, {
          name: input.name,
          categoryId: input.categoryId,
          coverFileId: cover?.id ?? null,
          labels: input.labels,
          validUntil: input.validUntil ? new Date(input.validUntil) : null,
          credit: input.credit,
          intro,
          required: input.required,
          passProgress: input.passProgress,
          passScore: input.passScore,
          certificateTemplateId: input.certificateTemplateId,
          antiCheat: input.antiCheat,
          antiCheatInterval: input.antiCheat ? input.antiCheatInterval : null,
          antiSkip: input.antiSkip,
          orgId: p.orgId,
          createdBy: p.userId,
        });
        if (cover) await linkFile(tx, cover.id, id);
        await repo.setLecturers(tx, id, input.lecturerIds);
        await setAudience(tx, p, { type: COURSE_AUDIENCE, id }, input.audience);
        return { id };
      });
    },

    /**
     * Changes a draft or unpublished course (not one pending approval): a published or off-shelf
     * course's information cannot change (STATE_TRANSITION_INVALID naming `status`). An approved
     * course changed by someone who cannot publish needs approval again.
     */
    async update(p: Principal, input: CourseUpdate) {
      await db.transaction(async (tx) => {
        const [cur] = await lockInScope(tx, p, [input.id]);
        if (!editable(cur.status, cur.approval)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
        if (input.validUntil !== undefined && input.validUntil !== (cur.validUntil?.toISOString() ?? null)) assertLater(input.validUntil);
        // Anti-cheat without an interval of its own pops up at the parameter page's interval.
        const antiCheat = input.antiCheat ?? cur.antiCheat;
        if (input.name !== undefined && input.name !== cur.name && (await repo.nameTaken(tx, input.name, cur.id))) {
          throw new AppError('DUPLICATE_COURSE', { field: 'name' });
        }
        await requireCategory(tx, input.categoryId);
        if (input.certificateTemplateId != null) await requireTemplateInScope(tx, p, input.certificateTemplateId, { kept: await repo.certificateTemplateOf(tx, cur.id) });
        // An unchanged cover is not claimed again (another manager may edit the course).
        let coverFileId: number | null | undefined;
        if (input.cover !== undefined) {
          const [row] = await repo.getCourses(tx, [cur.id]);
          const same = input.cover && row?.coverId && input.cover.endsWith(`/${row.coverId}`);
          if (!same) {
            const cover = await claimCover(tx, p, input.cover);
            coverFileId = cover?.id ?? null;
            if (cover) await linkFile(tx, cover.id, cur.id);
          }
        }
        const { id: _id, cover: _cover, lecturerIds, audience, validUntil, intro, ...plain } = input;
        await repo.updateCourse(tx, cur.id, {
          ...Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== undefined)),
          ...(coverFileId !== undefined ? { coverFileId } : {}),
          ...(validUntil !== undefined ? { validUntil: validUntil ? new Date(validUntil) : null } : {}),
          ...(intro !== undefined ? { intro: cleanIntro(intro) } : {}),
          ...(!antiCheat ? { antiCheatInterval: null } : {}),
          ...(cur.approval === 'approved' && !p.permissions.has('kcgl:publish') ? { approval: 'none' } : {}),
        });
        if (lecturerIds) await repo.setLecturers(tx, cur.id, lecturerIds);
        if (audience) await setAudience(tx, p, { type: COURSE_AUDIENCE, id: cur.id }, audience);
      });
    },

    /** The builder's catalog: chapter names unique in the course, each with courseware that exists. */
    async saveChapters(p: Principal, input: CourseChaptersSave) {
      const names = input.chapters.map((c) => c.name);
      if (new Set(names).size !== names.length) throw new AppError('DUPLICATE_CHAPTER', { field: 'chapters' });
      await db.transaction(async (tx) => {
        const [cur] = await lockInScope(tx, p, [input.id]);
        if (!editable(cur.status, cur.approval)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
        const wanted = [...new Set(input.chapters.flatMap((c) => c.coursewareIds))];
        const found = await repo.existingCoursewareIds(tx, wanted);
        const missing = wanted.filter((id) => !found.has(id));
        if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'chapters', data: { ids: missing } });
        await repo.saveChapters(tx, cur.id, input.chapters);
        await repo.updateCourse(tx, cur.id, {});
      });
    },

    /** Only drafts nobody has learnt go (IN_USE_COURSE naming the others); all or nothing. */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const learnt = await coursesInUse(
          uses,
          tx,
          rows.map((r) => r.id),
        );
        const used = rows.filter((r) => !COURSE_LIFECYCLE.abilities(r.status).delete || learnt.has(r.id)).map((r) => r.id);
        if (used.length) throw new AppError('IN_USE_COURSE', { field: 'ids', data: { ids: used } });
        for (const r of rows) await clearAudience(tx, { type: COURSE_AUDIENCE, id: r.id });
        await repo.deleteCourses(
          tx,
          rows.map((r) => r.id),
        );
        return { count: rows.length };
      });
    },

    publish: (p: Principal, ids: number[]) => transition(p, ids, 'publish'),
    unpublish: (p: Principal, ids: number[]) => transition(p, ids, 'unpublish'),
    /** Irreversible: the course leaves the shelf for good, still readable by those who learnt it. */
    offShelf: (p: Principal, ids: number[]) => transition(p, ids, 'offShelf'),

    submit: (p: Principal, ids: number[]) => approvalTransition(p, ids, 'submit', { approvalReason: null }),
    approve: (p: Principal, ids: number[]) => approvalTransition(p, ids, 'approve', { approvalReason: null }),
    refuse: (p: Principal, input: CourseRefuse) => approvalTransition(p, input.ids, 'refuse', { approvalReason: input.reason }),

    // Comments

    /** Visible comments of a course the learner may see (or has learnt). */
    async commentList(p: Principal, q: CourseCommentListQuery): Promise<Page<CourseComment>> {
      if (!(await repo.userReachesCourse(db, p.userId, q.courseId))) throw new AppError('NOT_FOUND_ERROR', { field: 'courseId' });
      const { records, total } = await repo.findVisibleComments(db, q.courseId, q);
      return {
        records: records.map(({ userId, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString(), mine: userId === p.userId })),
        total,
        page: q.page,
        size: q.size,
      };
    },

    async commentPost(p: Principal, input: CourseCommentPost) {
      if (!(await repo.userReachesCourse(db, p.userId, input.courseId))) throw new AppError('NOT_FOUND_ERROR', { field: 'courseId' });
      return { id: await repo.insertComment(db, { courseId: input.courseId, userId: p.userId, content: input.content, rating: input.rating }) };
    },

    async commentManageList(p: Principal, q: CourseCommentManageQuery): Promise<Page<CourseCommentRow>> {
      const { records, total } = await repo.findManagedComments(db, p, q);
      return {
        records: records.map((r) => ({
          ...r,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          abilities: abilitiesOf(COMMENT_LIFECYCLE.abilities(r.status), p.permissions, COMMENT_CODES),
        })),
        total,
        page: q.page,
        size: q.size,
      };
    },

    async commentTransition(p: Principal, ids: number[], command: 'shield' | 'restore') {
      return db.transaction(async (tx) => {
        const rows = await lockCommentsInScope(tx, p, ids);
        const { ids: changed } = await applyTransition(tx, {
          lifecycle: COMMENT_LIFECYCLE,
          command,
          rows,
          stateOf: (r) => r.status,
          table: courseComments,
          id: courseComments.id,
          state: courseComments.status,
        });
        return { count: changed.length };
      });
    },

    /** Read rule of courseware (files, SCORM) for learners: a course holding it is open to them. */
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
