import type { AttemptPhotos, ExamineePage, ExamineeQuery, MonitoredExamQuery, MonitoredExamRow, Page } from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import { requireInScope } from '../../platform/scope.js';
import type { FileSigner } from '../uploads/index.js';
import * as repo from './monitoring.repository.js';

const iso = (v: string | Date) => new Date(v).toISOString();

export function createMonitoringService({ db, signer }: { db: Db; signer: FileSigner }) {
  async function withCounts(e: repo.ExamHead): Promise<MonitoredExamRow> {
    const counts = await repo.examCounts(db, e.id);
    return {
      id: e.id,
      name: e.name,
      status: e.status,
      startAt: iso(e.startAt),
      endAt: iso(e.endAt),
      orgName: e.orgName,
      photoInterval: e.photoInterval,
      ...counts,
    };
  }

  /** The exam, inside the caller's data scope (NOT_FOUND_ERROR / NO_DATA_PERMISSION_ERROR). */
  async function examInScope(principal: Principal, id: number, field = 'examId') {
    const e = await repo.getExamHead(db, id);
    if (!e) throw new AppError('NOT_FOUND_ERROR', { field });
    requireInScope(principal, e.orgPath, { field });
    return e;
  }

  return {
    async exams(principal: Principal, q: MonitoredExamQuery): Promise<Page<MonitoredExamRow>> {
      const { rows, total } = await repo.findMonitoredExams(db, principal, q);
      return { records: await Promise.all(rows.map(withCounts)), total, page: q.page, size: q.size };
    },

    async examinees(principal: Principal, q: ExamineeQuery): Promise<ExamineePage> {
      const exam = await examInScope(principal, q.examId);
      const [{ rows, total }, head] = await Promise.all([repo.findExaminees(db, q), withCounts(exam)]);
      const now = Date.now();
      const records = await Promise.all(
        rows.map(async (r) => ({
          userId: r.userId,
          realname: r.realname,
          username: r.username,
          orgName: r.orgName,
          state: r.state,
          attemptId: r.attemptId,
          attemptNumber: r.attemptNumber,
          leaveCount: r.leaveCount,
          answered: r.answered,
          questions: r.questions,
          remainingSeconds: r.state === 'taking' && r.deadlineAt ? Math.max(0, Math.floor((new Date(r.deadlineAt).getTime() - now) / 1000)) : null,
          photoUrl: r.photoId ? await signer.publicUrl(r.photoId) : null,
          photoAt: r.photoAt ? iso(r.photoAt) : null,
          photoCount: r.photoCount,
        })),
      );
      return { records, total, page: q.page, size: q.size, exam: head, serverNow: new Date(now).toISOString() };
    },

    async photos(principal: Principal, attemptId: number): Promise<AttemptPhotos> {
      const a = await repo.getAttemptHead(db, attemptId);
      if (!a) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
      requireInScope(principal, a.orgPath, { field: 'attemptId' });
      const photos = await repo.photosOf(db, attemptId);
      return {
        attemptId: a.attemptId,
        examId: a.examId,
        examName: a.examName,
        realname: a.realname,
        username: a.username,
        startedAt: iso(a.startedAt),
        photos: await Promise.all(photos.map(async (p) => ({ id: p.id, url: await signer.publicUrl(p.publicId), takenAt: iso(p.takenAt) }))),
      };
    },
  };
}
export type MonitoringService = ReturnType<typeof createMonitoringService>;
