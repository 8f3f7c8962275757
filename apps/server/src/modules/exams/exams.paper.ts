import type { ExamPaperInfoRow } from '@hanlin/shared';

/**
 * The one door of the exams module to papers. The papers module is another domain: the exam keeps
 * only a paper id and asks this source what the paper is now. The app bootstrap sets the real
 * source (`setExamPaperSource`); until it does, no paper is known, so no exam can be saved.
 */
/** What the exam knows of a paper: the shared answer shape (the papers module's ids are numbers). */
export type ExamPaperInfo = ExamPaperInfoRow;
export interface ExamPaperSource {
  describePapers(ids: number[]): Promise<Map<number, ExamPaperInfo>>;
  /** Optional: papers to pick from by name (the scheduling page's picker); without it the page asks by id. */
  searchPapers?(keyword: string | undefined, limit: number): Promise<ExamPaperInfo[]>;
}

const none: ExamPaperSource = { describePapers: async () => new Map() };
let source: ExamPaperSource = none;

/** Called once by the app bootstrap with the papers module's implementation (tests pass a double). */
export function setExamPaperSource(next: ExamPaperSource | null): void {
  source = next ?? none;
}

/** The papers behind these ids, as the paper source describes them (missing ids are absent). */
export async function describeExamPapers(ids: number[]): Promise<Map<number, ExamPaperInfo>> {
  return source.describePapers([...new Set(ids)]);
}

export async function searchExamPapers(keyword: string | undefined, limit: number): Promise<ExamPaperInfo[]> {
  return source.searchPapers ? source.searchPapers(keyword, limit) : [];
}
