import type { FastifyInstance } from 'fastify';
import type { ExamPaperInfoRow } from '@hanlin/shared';

/**
 * The one door of the exams module to papers. The papers module is another domain: the exam keeps
 * only a paper id and asks this source what the paper is now. The app bootstrap sets the real
 * source of each app (`setExamPaperSource`); until it does, no paper is known, so no exam can be saved.
 */
/** What the exam knows of a paper: the shared answer shape (the papers module's ids are numbers). */
export type ExamPaperInfo = ExamPaperInfoRow;
export interface ExamPaperSource {
  describePapers(ids: number[]): Promise<Map<number, ExamPaperInfo>>;
  /** Optional: papers to pick from by name (the scheduling page's picker); without it the page asks by id. */
  searchPapers?(keyword: string | undefined, limit: number): Promise<ExamPaperInfo[]>;
}

const none: ExamPaperSource = { describePapers: async () => new Map() };
/** One source per app (tests build several apps in one process). */
const sources = new WeakMap<FastifyInstance, ExamPaperSource>();

/** Called by the app bootstrap with the papers module's implementation (tests pass a double; `null` forgets it). */
export function setExamPaperSource(app: FastifyInstance, next: ExamPaperSource | null): void {
  if (next) sources.set(app, next);
  else sources.delete(app);
}

/** The exam's door to the papers of one app: asked at each call, so a source set later is the one used. */
export function examPapersOf(app: FastifyInstance) {
  const source = () => sources.get(app) ?? none;
  return {
    /** The papers behind these ids, as the paper source describes them (missing ids are absent). */
    describe: (ids: number[]): Promise<Map<number, ExamPaperInfo>> => source().describePapers([...new Set(ids)]),
    search: async (keyword: string | undefined, limit: number): Promise<ExamPaperInfo[]> => {
      const s = source();
      return s.searchPapers ? s.searchPapers(keyword, limit) : [];
    },
  };
}

export type ExamPapers = ReturnType<typeof examPapersOf>;
