import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { found } from '../../platform/db/rows.js';
import {
  LEARNER_LIFECYCLE,
  LEARNING_BEAT_CAP_SECONDS,
  LEARNING_MAX_PLAYBACK_RATE,
  LEARNING_MEDIA_DONE_RATIO,
  type Heartbeat,
  type HeartbeatAnswer,
  type LearnerState,
  type LearningItem,
  type LearningItemKind,
  type LearningItemOpen,
  type MyCourseQuery,
  type MyCourseRow,
  type Page,
  type StudentCourseDetail,
  type StudentCourseQuery,
  type StudentCourseRow,
  type LearnerStatus,
} from '@hanlin/shared';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { applyTransition } from '../../platform/lifecycle.js';
import { issueCertificate } from '../certificates/index.js';
import { getDocumentPages, getMediaState } from '../media/index.js';
import { getScormProgress } from '../scorm/index.js';
import { readPlatformParams } from '../settings/index.js';
import { addExperience } from '../student/index.js';
import type { FileSigner } from '../uploads/index.js';
import * as repo from './learning.repository.js';
import { courseLearners } from './learning.schema.js';
import { coursePassListeners } from './learning.passes.js';

interface Deps {
  app: FastifyInstance;
  db: Db;
  signer: FileSigner;
}

/** SCORM runs of a course's learners are kept under this context key (scorm module). */
export const courseContextKey = (courseId: number) => `course:${courseId}`;

/** How the learning page shows a courseware and how it counts as completed. */
export function itemKindOf(w: { type: string; mime: string }): LearningItemKind {
  if (w.type === 'video' || w.type === 'audio' || w.type === 'scorm') return w.type;
  return w.mime === 'application/pdf' ? 'pdf' : 'file';
}

/** Video and audio: watched to 95 % of their length; PDF: every page seen; others decided elsewhere. */
function reachedEnd(kind: LearningItemKind, furthest: number, total: number): boolean {
  if (total <= 0) return false;
  if (kind === 'video' || kind === 'audio') return furthest >= Math.floor(total * LEARNING_MEDIA_DONE_RATIO);
  if (kind === 'pdf') return furthest >= total;
  return false;
}

const isMedia = (kind: LearningItemKind) => kind === 'video' || kind === 'audio';

/**
 * The item's length as the server knows it, never as a client says: seconds of video or audio
 * (probed by the media module), pages of a PDF (counted by it); 0 while unknown (a video still
 * transcoding, a PDF that cannot be read): such an item counts time but cannot complete by position.
 */
function lengthOf(kind: LearningItemKind, m: { durationMs: number | null; pages: number | null }): number {
  if (isMedia(kind)) return m.durationMs ? Math.max(1, Math.round(m.durationMs / 1000)) : 0;
  if (kind === 'pdf') return m.pages ?? 0;
  return 0;
}

/** The item's own progress (0–100): completed is 100, otherwise the furthest point over the length. */
function itemProgress(completed: boolean, furthest: number, total: number): number {
  if (completed) return 100;
  return total > 0 ? Math.min(99, Math.floor((furthest * 100) / total)) : 0;
}

/** A page of rows carrying `total` (a window count) mapped to records. */
async function pageOf<R extends { total: number }, T>(q: { page: number; size: number }, rows: R[], map: (r: R) => Promise<T>): Promise<Page<T>> {
  return { records: await Promise.all(rows.map(map)), total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}

const CONTEXT_TTL_MS = 5_000;
const CONTEXT_MAX = 10_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function learnerState(l: repo.LearnerRow): LearnerState {
  return {
    status: l.status,
    progress: l.progress,
    learnedSeconds: l.learnedSeconds,
    score: l.score,
    creditAwarded: l.creditAwarded,
    certificateId: l.certificateId,
    startedAt: l.startedAt.toISOString(),
    passedAt: iso(l.passedAt),
  };
}

export function createLearningService({ app, db, signer }: Deps) {
  const coverUrl = async (coverId: string | null) => (coverId ? signer.publicUrl(coverId) : null);

  /**
   * The course as the caller may read it: theirs (learner, also off the shelf), or published and
   * open to them. Outsiders get NOT_FOUND_ERROR (the course's existence is not told); a course
   * past its validity answers COURSE_EXPIRED to whoever would enter it.
   */
  async function readable(p: Principal, courseId: number, enter: boolean): Promise<repo.StudentCourse> {
    const c = await repo.getStudentCourse(db, p.userId, courseId);
    if (!c) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    if (!c.learner && !(c.status === 'published' && c.inAudience)) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    if (c.expired && (enter || !c.learner)) throw new AppError('COURSE_EXPIRED', { field: 'id' });
    return c;
  }

  /**
   * An item's context, kept a few seconds: every learner's beat needs it, and a published course
   * does not change (its rules change only through unpublishing).
   */
  const contexts = new Map<string, { at: number; ctx: repo.ItemContext | undefined }>();
  async function itemContext(courseId: number, itemId: number): Promise<repo.ItemContext> {
    const key = `${courseId}:${itemId}`;
    let hit = contexts.get(key);
    if (!hit || Date.now() - hit.at > CONTEXT_TTL_MS) {
      if (contexts.size >= CONTEXT_MAX) contexts.clear();
      hit = { at: Date.now(), ctx: await repo.getItemContext(db, courseId, itemId) };
      contexts.set(key, hit);
    }
    if (!hit.ctx) throw new AppError('NOT_FOUND_ERROR', { field: 'itemId' });
    return hit.ctx;
  }

  /** Forgets a cached item context (its length just became known). */
  const forgetContext = (courseId: number, itemId: number) => contexts.delete(`${courseId}:${itemId}`);

  function toItem(
    ctx: { id: number; coursewareId: number; name: string; type: string; mime: string; durationMs: number | null; pages: number | null },
    pr: { position: number | null; furthest: number | null; score: number | null; completedAt: Date | null } | undefined | null,
  ): LearningItem {
    const kind = itemKindOf(ctx);
    const total = lengthOf(kind, ctx);
    const completed = !!pr?.completedAt;
    const furthest = total ? Math.min(pr?.furthest ?? 0, total) : (pr?.furthest ?? 0);
    return {
      id: ctx.id,
      coursewareId: ctx.coursewareId,
      name: ctx.name,
      kind,
      completed,
      position: pr?.position ?? 0,
      furthest,
      total,
      progress: itemProgress(completed, furthest, total),
      score: pr?.score ?? null,
    };
  }

  /**
   * Writes what a beat, a sync or an opening learnt about one item, then the course's progress
   * and, once the pass conditions hold, the pass (credits once, the certificate) — one
   * transaction, the learner row locked first so one user's calls on a course run one at a time.
   * Only an opening writes an item's first row: a beat or a sync of an item never opened is
   * refused (STATE_TRANSITION_INVALID). Every figure is the server's: the length (`lengthOf`),
   * the time (the user's clock), completion (`done` only from opening a file or the SCORM state).
   */
  async function record(
    p: Principal,
    ctx: repo.ItemContext,
    input: { opening?: boolean; visible: boolean; position?: number; done?: boolean; score?: number | null },
  ): Promise<HeartbeatAnswer> {
    const kind = itemKindOf(ctx);
    return db.transaction(async (tx) => {
      // A beat may be lost in a crash (the next one counts again); a pass is made durable below.
      await repo.relaxCommit(tx, true);
      const locked = await repo.lockLearnerWithItem(tx, ctx.courseId, p.userId, ctx.id);
      if (!locked) throw new AppError('NOT_FOUND_ERROR', { field: 'courseId' });
      const { learner, item: before } = locked;
      if (!before && !input.opening) throw new AppError('STATE_TRANSITION_INVALID', { field: 'itemId' });
      if (input.opening) await repo.startClock(tx, p.userId);
      const due = ctx.antiCheat ? learner.challengeDueAt : null;
      const counted = input.visible ? await repo.tickClock(tx, p.userId, LEARNING_BEAT_CAP_SECONDS, due) : 0;
      const challenge = !!due && due.getTime() <= Date.now();

      const total = lengthOf(kind, ctx);
      const reached = before?.furthest ?? 0;
      // Where the learner is, within the length the server knows (nothing while it is unknown).
      let position = Math.min(input.position ?? before?.position ?? 0, total);
      let furthest = Math.max(reached, position);
      // Anti-skip: the furthest point moves no faster than the time this beat counted (the user's
      // clock: parallel tabs share it, a hidden tab or a due pop-up counts none) at the fastest playback rate.
      if (ctx.antiSkip && isMedia(kind)) {
        furthest = Math.min(furthest, reached + counted * LEARNING_MAX_PLAYBACK_RATE);
        position = Math.min(position, furthest);
      }
      const score = input.score !== undefined ? input.score : (before?.score ?? null);
      const completed = !!before?.completedAt || !!input.done || reachedEnd(kind, furthest, total);
      await repo.writeItemProgress(tx, { userId: p.userId, itemId: ctx.id, courseId: ctx.courseId }, { position, furthest, total, score, completed, addSeconds: counted });

      const changed = (completed && !before?.completedAt) || score !== (before?.score ?? null);
      const completion = changed ? await repo.courseCompletion(tx, p.userId, ctx.courseId) : undefined;
      let row = await repo.updateLearner(tx, ctx.courseId, p.userId, { addSeconds: counted, touched: true, ...completion });
      if (completion && LEARNER_LIFECYCLE.can(row.status, 'pass') && passes(ctx, row)) row = await pass(tx, p.userId, ctx, row);
      const item = toItem(ctx, { position, furthest, score, completedAt: completed ? new Date() : null });
      return { counted, challenge, item, learner: learnerState(row) };
    });
  }

  const passes = (c: { passProgress: number; passScore: number | null }, l: { progress: number; score: number | null }) =>
    l.progress >= c.passProgress && (c.passScore === null || (l.score !== null && l.score >= c.passScore));

  /**
   * The `pass` command of LEARNER_LIFECYCLE on the locked learner row (`applyTransition`: one
   * conditional UPDATE, so of two racing calls one passes): the credit once, the person's
   * totals, the experience (`experiencePerCourse`), the certificate and the registered pass listeners
   * (`registerCoursePassListener`), all in the caller's transaction.
   */
  async function pass(tx: DbOrTx, userId: number, ctx: repo.ItemContext, learner: repo.LearnerRow): Promise<repo.LearnerRow> {
    await repo.relaxCommit(tx, false);
    await applyTransition(tx, {
      lifecycle: LEARNER_LIFECYCLE,
      command: 'pass',
      rows: [learner],
      stateOf: (l) => l.status,
      table: courseLearners,
      id: courseLearners.id,
      state: courseLearners.status,
      set: { passedAt: sql`now()`, creditAwarded: ctx.credit },
    });
    await repo.countPass(tx, userId, ctx.credit);
    // The experience of the parameter page, once: the lifecycle lets a learner pass a course once.
    const { experiencePerCourse } = await readPlatformParams(tx);
    if (experiencePerCourse > 0) await addExperience(tx, userId, experiencePerCourse);
    if (ctx.certificateTemplateId !== null) {
      const cert = await issueCertificate(tx, { templateId: ctx.certificateTemplateId, userId, source: { kind: 'course', id: ctx.courseId, title: ctx.courseName } });
      await repo.setLearnerCertificate(tx, ctx.courseId, userId, cert.id);
    }
    for (const listen of coursePassListeners(app)) await listen(tx, { userId, courseId: ctx.courseId });
    return found(await repo.getLearner(tx, ctx.courseId, userId));
  }

  /** SCORM: completed or passed as the scorm module keeps it; the score is the mean of the SCOs' raw scores. */
  async function scormState(userId: number, ctx: repo.ItemContext) {
    if (ctx.scormPackageId === null) return { done: false, score: null };
    const pr = await getScormProgress(db, { userId, packageId: ctx.scormPackageId, contextKey: courseContextKey(ctx.courseId) });
    const scores = pr.scos.map((s) => s.scoreRaw).filter((s): s is number => s !== null);
    const score = scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
    return { done: pr.completed || pr.passed, score };
  }

  async function learnable(p: Principal, courseId: number, itemId: number) {
    const ctx = await itemContext(courseId, itemId);
    if (ctx.validUntil && ctx.validUntil.getTime() <= Date.now()) throw new AppError('COURSE_EXPIRED', { field: 'courseId' });
    return ctx;
  }

  /** Seconds between anti-cheat pop-ups: the course's own interval, else the parameter page's `antiCheatIntervalSeconds`; null when the course has none. */
  async function antiCheatSeconds(c: { antiCheat: boolean; antiCheatInterval: number | null }): Promise<number | null> {
    if (!c.antiCheat) return null;
    return c.antiCheatInterval ?? (await readPlatformParams(db)).antiCheatIntervalSeconds;
  }

  /** A course as a student's list shows it (the head of its detail too), with the caller's learner row if any. */
  async function studentCourseRow(c: repo.StudentCourseHead, learner: { status: LearnerStatus; progress: number } | null): Promise<StudentCourseRow> {
    return {
      id: c.id,
      name: c.name,
      coverUrl: await coverUrl(c.coverId),
      categoryId: c.categoryId,
      categoryName: c.categoryName,
      labels: c.labels,
      required: c.required,
      credit: c.credit,
      validUntil: iso(c.validUntil),
      offShelf: c.status === 'offshelf',
      myStatus: learner ? learner.status : 'notStarted',
      progress: learner?.progress ?? 0,
    };
  }

  return {
    async list(p: Principal, q: StudentCourseQuery): Promise<Page<StudentCourseRow>> {
      return pageOf(q, await repo.findStudentCourses(db, p.userId, q), (r) =>
        studentCourseRow(r, r.myStatus === null ? null : { status: r.myStatus, progress: r.progress ?? 0 }),
      );
    },

    async get(p: Principal, courseId: number): Promise<StudentCourseDetail> {
      const c = await readable(p, courseId, false);
      const [lecturers, catalog] = await Promise.all([repo.getLecturerNames(db, courseId), repo.getCatalog(db, p.userId, courseId)]);
      const chapters: StudentCourseDetail['chapters'] = [];
      for (const r of catalog) {
        let ch = chapters[chapters.length - 1];
        if (ch?.id !== r.chapterId) chapters.push((ch = { id: r.chapterId, name: r.chapterName, items: [] }));
        ch.items.push(toItem(r, r));
      }
      const open = c.status === 'published' && !c.expired;
      return {
        ...(await studentCourseRow(c, c.learner)),
        intro: c.intro,
        passProgress: c.passProgress,
        passScore: c.passScore,
        hasCertificate: c.certificateTemplateId !== null,
        antiCheat: c.antiCheat,
        antiCheatInterval: await antiCheatSeconds(c),
        antiSkip: c.antiSkip,
        lecturers,
        chapters,
        learner: c.learner ? learnerState(c.learner) : null,
        abilities: { start: !c.learner && open, learn: !!c.learner && !c.expired },
      };
    },

    /** "Start learning": the learner row (again harmlessly); only while the course is on the shelf and valid. */
    async start(p: Principal, courseId: number): Promise<LearnerState> {
      const c = await readable(p, courseId, true);
      if (!c.learner) {
        if (c.status !== 'published') throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
        await repo.insertLearner(db, courseId, p.userId);
      }
      return learnerState(found(await repo.getLearner(db, courseId, p.userId)));
    },

    /** Opening a courseware on the learning page: what to play, the anti-cheat countdown; a general file counts as opened. */
    async open(p: Principal, input: { courseId: number; itemId: number }): Promise<LearningItemOpen> {
      let ctx = await learnable(p, input.courseId, input.itemId);
      const learner = await repo.getLearner(db, ctx.courseId, p.userId);
      if (!learner) throw new AppError('NOT_FOUND_ERROR', { field: 'courseId' });
      const kind = itemKindOf(ctx);
      const media = kind === 'scorm' ? null : ((await getMediaState(app, [ctx.fileId])).get(ctx.fileId) ?? null);
      let due = learner.challengeDueAt;
      const interval = await antiCheatSeconds(ctx);
      // Opening the page is a sign of presence: a pop-up that fell due while the learner was away
      // (no time counts past it anyway) does not greet them; the next one is an interval away.
      if (interval && (!due || due.getTime() <= Date.now())) {
        const row = await repo.updateLearner(db, ctx.courseId, p.userId, { challengeDueAt: sql`now() + make_interval(secs => ${interval})` });
        due = row.challengeDueAt;
      }
      // A PDF's page count is read on its first opening (then kept by the media module).
      if (kind === 'pdf' && ctx.pages === null) {
        const pages = await getDocumentPages(app, ctx.fileId);
        if (pages !== null) {
          ctx = { ...ctx, pages };
          forgetContext(ctx.courseId, ctx.id);
        }
      }
      // The opening is what lets beats count: it writes the item's row (a general file is learnt by opening it).
      const { item } = await record(p, ctx, { opening: true, visible: false, done: kind === 'file' });
      return {
        item,
        fileId: ctx.fileId,
        fileName: ctx.fileName,
        media,
        scormPackageId: ctx.scormPackageId,
        contextKey: courseContextKey(ctx.courseId),
        antiSkip: ctx.antiSkip,
        challengeInSeconds: interval && due ? Math.max(0, Math.ceil((due.getTime() - Date.now()) / 1000)) : null,
      };
    },

    /** A beat of the learning page (~10 s): time, position, and for SCORM the package's state. */
    async heartbeat(p: Principal, input: Heartbeat): Promise<HeartbeatAnswer> {
      const ctx = await learnable(p, input.courseId, input.itemId);
      const scorm = itemKindOf(ctx) === 'scorm' ? await scormState(p.userId, ctx) : {};
      return record(p, ctx, { visible: input.visible, position: input.position, ...scorm });
    },

    /** After a SCORM commit or a download: the item's state read again, no time counted. */
    async sync(p: Principal, input: { courseId: number; itemId: number }) {
      const ctx = await learnable(p, input.courseId, input.itemId);
      const kind = itemKindOf(ctx);
      const extra = kind === 'scorm' ? await scormState(p.userId, ctx) : { done: kind === 'file' };
      const { item, learner } = await record(p, ctx, { visible: false, ...extra });
      return { item, learner };
    },

    /** The anti-cheat pop-up answered: counting resumes from now, the next one is due an interval later. */
    async answerChallenge(p: Principal, courseId: number): Promise<{ challengeInSeconds: number | null }> {
      const c = await readable(p, courseId, true);
      if (!c.learner) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      const interval = await antiCheatSeconds(c);
      if (!interval) return { challengeInSeconds: null };
      await db.transaction(async (tx) => {
        await repo.updateLearner(tx, courseId, p.userId, { challengeDueAt: sql`now() + make_interval(secs => ${interval})` });
        await repo.resetClock(tx, p.userId);
      });
      return { challengeInSeconds: interval };
    },

    async my(p: Principal, q: MyCourseQuery): Promise<Page<MyCourseRow>> {
      return pageOf(q, await repo.findMyCourses(db, p.userId, q), async (r) => ({
        id: r.id,
        name: r.name,
        coverUrl: await coverUrl(r.coverId),
        credit: r.credit,
        required: r.required,
        offShelf: r.status === 'offshelf',
        learner: learnerState(r.learner),
      }));
    },

    mayReadCourseware: (p: Principal, coursewareId: number) => repo.learnsCourseware(db, p.userId, coursewareId),
    mayLaunch: (p: Principal, packageId: number, ref: string | null) => {
      const courseId = Number(ref);
      if (!Number.isSafeInteger(courseId) || courseId <= 0 || courseId > 2147483647) return false;
      return repo.learnsPackage(db, p.userId, courseId, packageId);
    },
  };
}
export type LearningService = ReturnType<typeof createLearningService>;
