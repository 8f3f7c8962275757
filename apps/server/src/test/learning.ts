// Test and bench fixtures: a published course built straight in the tables (the course builder is
// another module's), its courseware and audience.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { COURSE_AUDIENCE } from '@hanlin/shared';
import type { Db } from '../platform/db/client.js';
import { audienceTargets } from '../modules/audiences/index.js';
import { courseChapters, courseItems, courses } from '../modules/courses/index.js';
import { coursewares } from '../modules/courseware/index.js';
import { mediaAssets } from '../modules/media/index.js';
import { files } from '../modules/uploads/index.js';

const uniq = () => crypto.randomBytes(4).toString('hex');

export interface FixtureItem {
  type: 'video' | 'audio' | 'general' | 'scorm';
  /** An existing file (uploaded through the API); a stored-nowhere row is made otherwise. */
  fileId?: number;
  mime?: string;
  scormPackageId?: number;
  name?: string;
  /**
   * The length the server knows, as the media module would have found it: seconds of a video or
   * audio (default 100), pages of a PDF (default 3); null for a length not known (still processing).
   * Without `fileId` only; an uploaded file has whatever its processing gave.
   */
  length?: number | null;
}

/** A courseware row over a file; without `fileId` a file row pointing at nothing is made, with its media asset (`length`). */
export async function buildCourseware(db: Db, item: FixtureItem): Promise<number> {
  let fileId = item.fileId;
  if (!fileId) {
    const mime = item.mime ?? (item.type === 'video' ? 'video/mp4' : item.type === 'audio' ? 'audio/mpeg' : 'application/pdf');
    const ext = mime.split('/')[1];
    const [f] = await db
      .insert(files)
      .values({ key: `fixtures/${uniq()}`, originalName: `${item.type}.${ext}`, mime, size: 1, purpose: 'courseware' })
      .returning({ id: files.id });
    fileId = f!.id;
    const kind = item.type === 'video' || item.type === 'audio' ? item.type : mime === 'application/pdf' ? 'pdf' : null;
    const length = item.length === undefined ? (kind === 'pdf' ? 3 : 100) : item.length;
    if (kind && length !== null)
      await db.insert(mediaAssets).values({ fileId, kind, state: 'ready', progress: 100, ...(kind === 'pdf' ? { pages: length } : { durationMs: length * 1000 }) });
  }
  const [w] = await db
    .insert(coursewares)
    .values({ name: item.name ?? `${item.type}-${uniq()}`, type: item.type, fileId, scormPackageId: item.scormPackageId ?? null })
    .returning({ id: coursewares.id });
  await db.update(files).set({ refId: w!.id }).where(eq(files.id, fileId));
  return w!.id;
}

export interface FixtureCourse {
  name?: string;
  status?: 'draft' | 'published' | 'unpublished' | 'offshelf';
  /** Chapters, each a list of courseware ids. */
  chapters: number[][];
  audience?: { type: 'user' | 'org' | 'position' | 'group'; id: number }[];
  credit?: number;
  passProgress?: number;
  passScore?: number | null;
  certificateTemplateId?: number | null;
  /** Anti-cheat on; by default on when an interval is given (on with no interval: the platform's parameter). */
  antiCheat?: boolean;
  antiCheatInterval?: number | null;
  antiSkip?: boolean;
  required?: boolean;
  labels?: string[];
  categoryId?: number | null;
  validUntil?: Date | null;
}

/** A course with its chapters, items and audience; answers the course id and the item ids in order. */
export async function buildCourse(db: Db, c: FixtureCourse): Promise<{ id: number; itemIds: number[] }> {
  const [course] = await db
    .insert(courses)
    .values({
      name: c.name ?? `course-${uniq()}`,
      status: c.status ?? 'published',
      credit: c.credit ?? 2,
      passProgress: c.passProgress ?? 100,
      passScore: c.passScore ?? null,
      certificateTemplateId: c.certificateTemplateId ?? null,
      antiCheat: c.antiCheat ?? !!c.antiCheatInterval,
      antiCheatInterval: c.antiCheatInterval ?? null,
      antiSkip: c.antiSkip ?? false,
      required: c.required ?? false,
      labels: c.labels ?? [],
      categoryId: c.categoryId ?? null,
      validUntil: c.validUntil ?? null,
      intro: '<p>Intro</p>',
      publishedAt: sql`now()`,
    })
    .returning({ id: courses.id });
  const itemIds: number[] = [];
  for (const [i, ware] of c.chapters.entries()) {
    const [ch] = await db
      .insert(courseChapters)
      .values({ courseId: course!.id, name: `Chapter ${i + 1}`, sort: i })
      .returning({ id: courseChapters.id });
    for (const [j, coursewareId] of ware.entries()) {
      const [it] = await db.insert(courseItems).values({ chapterId: ch!.id, coursewareId, sort: j }).returning({ id: courseItems.id });
      itemIds.push(it!.id);
    }
  }
  for (const a of c.audience ?? []) await db.insert(audienceTargets).values({ ownerType: COURSE_AUDIENCE, ownerId: course!.id, targetType: a.type, targetId: a.id });
  return { id: course!.id, itemIds };
}
