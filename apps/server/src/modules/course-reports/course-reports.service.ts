import type {
  CourseInfo,
  CourseInfoExport,
  CourseInfoQuery,
  CourseReportExport,
  CourseReportQuery,
  CourseReportRow,
  Page,
  PersonReport,
  PersonReportExport,
  PersonReportQuery,
  StudyReportExport,
  StudyReportQuery,
  StudyReportRow,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { pageWindow, type PageWindow } from '../../platform/paging.js';
import * as repo from './course-reports.repository.js';
import { durationText, localizedExport, personColumns } from './course-reports.export.js';
import { wallClockTime } from '../../platform/xlsx.js';
import { isoTime } from '../../platform/iso-time.js';

/** At most this many rows in one export. */
export const REPORT_EXPORT_MAX_ROWS = 100_000;
const ALL: PageWindow = { limit: REPORT_EXPORT_MAX_ROWS, offset: 0 };

const iso = isoTime;
const presentStudy = (r: repo.StudyRow): StudyReportRow => ({ ...r, lastLearnedAt: iso(r.lastLearnedAt) });
const presentPerson = (r: repo.PersonRow) => ({ ...r, startedAt: iso(r.startedAt), lastLearnedAt: iso(r.lastLearnedAt), passedAt: iso(r.passedAt) });
const presentCourseInfo = (r: repo.CourseInfoDbRow) => ({ ...r, startedAt: iso(r.startedAt), lastLearnedAt: iso(r.lastLearnedAt), passedAt: iso(r.passedAt) });

export function createCourseReportsService({ db }: { db: Db }) {
  return {
    async study(principal: Principal, q: StudyReportQuery): Promise<Page<StudyReportRow>> {
      const { rows, total } = await repo.studyReport(db, principal, q, pageWindow(q));
      return { records: rows.map(presentStudy), total, page: q.page, size: q.size };
    },

    async exportStudy(principal: Principal, q: StudyReportExport) {
      const { rows } = await repo.studyReport(db, principal, q, ALL);
      return localizedExport(
        q,
        (w) => w.studyReport,
        (w, tz) => [
          ...personColumns(w),
          { header: w.learning, value: (r) => r.learning },
          { header: w.passed, value: (r) => r.passed },
          { header: w.learnedTime, value: (r) => durationText(r.learnedSeconds) },
          { header: w.credits, value: (r) => r.credits },
          { header: w.lastLearnedAt, value: (r) => wallClockTime(r.lastLearnedAt, tz) },
        ],
        rows,
      );
    },

    async person(principal: Principal, q: PersonReportQuery): Promise<PersonReport> {
      const user = await repo.personInScope(db, principal, q.userId);
      const [{ rows, total }, totals] = await Promise.all([repo.personReport(db, q, pageWindow(q)), repo.personTotals(db, q.userId)]);
      return { records: rows.map(presentPerson), total, page: q.page, size: q.size, user, totals: { ...totals, lastLearnedAt: iso(totals.lastLearnedAt) } };
    },

    async exportPerson(principal: Principal, q: PersonReportExport) {
      const user = await repo.personInScope(db, principal, q.userId);
      const { rows } = await repo.personReport(db, q, ALL);
      return localizedExport(
        q,
        (w) => `${w.personReport}-${user.realname}`,
        (w, tz) => [
          { header: w.course, value: (r) => r.courseName },
          { header: w.required, value: (r) => (r.required ? w.requiredYes : w.requiredNo) },
          { header: w.status, value: (r) => w[`state_${r.status}`] },
          { header: w.progress, value: (r) => r.progress },
          { header: w.learnedTime, value: (r) => durationText(r.learnedSeconds) },
          { header: w.score, value: (r) => r.score },
          { header: w.credits, value: (r) => r.credits },
          { header: w.startedAt, value: (r) => wallClockTime(r.startedAt, tz) },
          { header: w.passedAt, value: (r) => wallClockTime(r.passedAt, tz) },
        ],
        rows,
      );
    },

    async course(principal: Principal, q: CourseReportQuery): Promise<Page<CourseReportRow>> {
      const { rows, total } = await repo.courseReport(db, principal, q, pageWindow(q));
      return { records: rows, total, page: q.page, size: q.size };
    },

    async exportCourse(principal: Principal, q: CourseReportExport) {
      const { rows } = await repo.courseReport(db, principal, q, ALL);
      return localizedExport(
        q,
        (w) => w.courseReport,
        (w) => [
          { header: w.course, value: (r) => r.name },
          { header: w.category, value: (r) => r.categoryName },
          { header: w.learners, value: (r) => r.learners },
          { header: w.passedPeople, value: (r) => r.passed },
          { header: w.passRate, value: (r) => r.passRate },
          { header: w.avgTime, value: (r) => durationText(r.avgSeconds) },
        ],
        rows,
      );
    },

    async courseInfo(principal: Principal, q: CourseInfoQuery): Promise<CourseInfo> {
      const course = await repo.getCourseInScope(db, principal, q.courseId);
      const { rows, total } = await repo.courseInfo(db, principal, q, pageWindow(q));
      return { records: rows.map(presentCourseInfo), total, page: q.page, size: q.size, course };
    },

    async exportCourseInfo(principal: Principal, q: CourseInfoExport) {
      const course = await repo.getCourseInScope(db, principal, q.courseId);
      const { rows } = await repo.courseInfo(db, principal, q, ALL);
      return localizedExport(
        q,
        (w) => `${w.courseInfo}-${course.name}`,
        (w, tz) => [
          ...personColumns(w),
          { header: w.source, value: (r) => (r.source === 'assignment' ? w.assignment : w.self) },
          { header: w.status, value: (r) => w[`state_${r.status}`] },
          { header: w.progress, value: (r) => r.progress },
          { header: w.learnedTime, value: (r) => durationText(r.learnedSeconds) },
          { header: w.score, value: (r) => r.score },
          { header: w.startedAt, value: (r) => wallClockTime(r.startedAt, tz) },
          { header: w.passedAt, value: (r) => wallClockTime(r.passedAt, tz) },
        ],
        rows,
      );
    },
  };
}
export type CourseReportsService = ReturnType<typeof createCourseReportsService>;
