import {
  TRAIN_RESULT_IMPORT_REASONS,
  TRAIN_RESULT_LIMITS,
  TRAIN_RESULT_SHEET_LIFECYCLE,
  TrainScoreSchema,
  type TrainResultImportField,
  type TrainResultImportReason,
  type UserImportResult,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import type { Principal } from '../../platform/auth/principal.js';
import {
  createImportFlow,
  fitsLength,
  importErrors,
  layoutReasonText,
  readImportFile,
  writeErrorFile,
  writeTemplate,
  type ExcelLang,
  type ExcelLayout,
  type ExcelRow,
  type Texts,
} from '../../platform/excel.js';
import * as repo from './train-results.repository.js';
import { requireStarted, type TrainResultsService } from './train-results.service.js';

type Row = ExcelRow<TrainResultImportField>;
const tx = (zh: string, en: string, pt: string): Texts => ({ 'zh-CN': zh, 'en-US': en, pt });

/** The result import template: one row per trainee, found by user name. */
export const RESULT_LAYOUT: ExcelLayout<TrainResultImportField> = {
  sheetName: tx('培训成绩', 'Training results', 'Resultados'),
  marker: 'hanlin:train-result-import:v1',
  columns: [
    { key: 'username', header: tx('账号', 'Account', 'Conta'), width: 20, required: true },
    { key: 'realname', header: tx('姓名', 'Name', 'Nome'), width: 16 },
    { key: 'score', header: tx('成绩(0-100)', 'Score (0-100)', 'Nota (0-100)'), width: 14, required: true },
    { key: 'passed', header: tx('是否通过(是/否)', 'Passed (yes/no)', 'Aprovado (sim/não)'), width: 16 },
    { key: 'comment', header: tx('评语', 'Comment', 'Comentário'), width: 40 },
  ],
};
/** "Passed" as written in any of the languages (empty: from the score). */
const PASSED: Record<string, boolean> = { 是: true, 否: false, yes: true, no: false, sim: true, não: false, nao: false, true: true, false: false, '1': true, '0': false };
const SCORE_TEXT = /^\d{1,3}(\.\d)?$/;

export function createResultImportService({ db, storage, results }: { db: Db; storage: Storage; results: TrainResultsService }) {
  function flowFor(classId: number, caller: Principal) {
    return createImportFlow({
      storage,
      folder: 'train-results',
      parse: (file) => readImportFile(RESULT_LAYOUT, file.filename, file.data),
      async validate(_p: Principal, rows: Row[]) {
        const sheet = await repo.sheetOf(db, classId);
        if (sheet && !TRAIN_RESULT_SHEET_LIFECYCLE.canEdit(sheet.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
        requireStarted(await repo.findClass(db, classId));
        const { errs, add } = importErrors<TrainResultImportField, TrainResultImportReason>();
        const admitted = new Map((await repo.admittedTrainees(db, classId)).map((t) => [t.username.toLowerCase(), t.userId]));
        const seen = new Set<string>();
        for (const r of rows) {
          if (fitsLength(add, r, 'username', { max: 50, required: true })) {
            const k = r.username.toLowerCase();
            if (seen.has(k)) add(r.row, 'username', 'DUPLICATE_IN_FILE');
            else if (!admitted.has(k)) add(r.row, 'username', 'NOT_ADMITTED');
            seen.add(k);
          }
          if (!r.score) add(r.row, 'score', 'REQUIRED');
          else if (!SCORE_TEXT.test(r.score) || !TrainScoreSchema.safeParse(Number(r.score)).success) add(r.row, 'score', 'SCORE_RANGE');
          if (r.passed && PASSED[r.passed.trim().toLowerCase()] === undefined) add(r.row, 'passed', 'INVALID_FORMAT');
          fitsLength(add, r, 'comment', { max: TRAIN_RESULT_LIMITS.COMMENT_MAX, required: false });
        }
        return { errs, admitted };
      },
      insert: (good, { admitted }) =>
        db.transaction((t) =>
          results.writeResults(
            t,
            caller,
            classId,
            good.map((r) => ({
              userId: admitted.get(r.username.toLowerCase())!,
              score: Number(r.score),
              ...(r.passed ? { passed: PASSED[r.passed.trim().toLowerCase()]! } : {}),
              comment: r.comment ?? '',
            })),
          ),
        ),
      errorFileRows: (bad, lang) => writeErrorFile(RESULT_LAYOUT, lang, bad),
      reasonText: layoutReasonText(RESULT_LAYOUT, TRAIN_RESULT_IMPORT_REASONS),
    });
  }

  return {
    template: (lang: ExcelLang = 'zh-CN') => writeTemplate(RESULT_LAYOUT, lang),
    async run(
      p: Principal,
      classId: number,
      file: { filename: string; data: Buffer },
      mode: 'check' | 'commit',
      skipInvalid: boolean,
      lang?: ExcelLang,
    ): Promise<UserImportResult> {
      await repo.findClass(db, classId, p);
      return flowFor(classId, p).run(p, file, mode, skipInvalid, lang);
    },
    errorFile: (p: Principal, id: string) => flowFor(0, p).errorFile(p, id),
  };
}
export type ResultImportService = ReturnType<typeof createResultImportService>;
