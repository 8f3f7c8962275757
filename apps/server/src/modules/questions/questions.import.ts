import { asc, eq } from 'drizzle-orm';
import {
  OPTION_LETTERS,
  QUESTION_IMPORT_REASONS,
  QuestionInsertSchema,
  type QuestionExportQuery,
  type QuestionImportField,
  type QuestionImportReason,
  type QuestionInput,
  type QuestionType,
  type UserImportResult,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import type { Principal } from '../../platform/auth/principal.js';
import {
  createImportFlow,
  importErrors,
  readImportFile,
  writeErrorFile,
  writeExport,
  writeTemplate,
  type ExcelColumn,
  type ExcelLayout,
  type ExcelRow,
} from '../../platform/excel.js';
import { richTextPlain } from '../../platform/rich-text.js';
import { organizations } from '../orgs/index.js';
import { questionCategories, questions } from './questions.schema.js';
import { questionList } from './questions.repository.js';
import * as repo from './questions.repository.js';
import { valuesOf } from './questions.service.js';

type Row = ExcelRow<QuestionImportField>;

const TYPE_TEXT: Record<QuestionType, string> = {
  single: '单选题',
  multiple: '多选题',
  judgment: '判断题',
  fill: '填空题',
  short: '简答题',
  operation: '操作题',
  calculation: '计算题',
  rating: '评分题',
};
const DIFFICULTY: Record<string, 'easy' | 'medium' | 'hard'> = { 简单: 'easy', 中等: 'medium', 困难: 'hard', easy: 'easy', medium: 'medium', hard: 'hard' };
const DIFFICULTY_TEXT: Record<string, string> = { easy: '简单', medium: '中等', hard: '困难' };
const JUDGMENT: Record<string, 'T' | 'F'> = { 正确: 'T', 对: 'T', T: 'T', TRUE: 'T', 错误: 'F', 错: 'F', F: 'F', FALSE: 'F' };
const YES = new Set(['是', 'Y', 'YES', 'TRUE', '1']);
const STATUS_TEXT: Record<string, string> = { draft: '草稿', pending: '待审核', approved: '已通过', refused: '已驳回' };
/** Options, blanks and alternatives are separated by `|`, alternatives of a blank by `/`. */
const split = (text: string, sep: string) =>
  text
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

const col = (key: QuestionImportField, header: string, width = 16): ExcelColumn<QuestionImportField> => ({ key, header, width });
const COMMON_HEAD = [col('stem', '题干*', 40)];
const COMMON_TAIL = [
  col('score', '分值*(0.5的倍数，≤100)', 14),
  col('difficulty', '难度(简单/中等/困难)', 14),
  col('labels', '标签(以|分隔，≤5个)', 20),
  col('category', '分类(分类名称)', 18),
  col('analysis', '解析', 30),
];
const PARTS: Record<QuestionType, ExcelColumn<QuestionImportField>[]> = {
  single: [col('options', '选项*(以|分隔，依次为A、B、C…)', 40), col('answer', '答案*(如A)', 12)],
  multiple: [col('options', '选项*(以|分隔，依次为A、B、C…)', 40), col('answer', '答案*(如ABD)', 12)],
  judgment: [col('answer', '答案*(正确/错误)', 14)],
  fill: [col('answer', '答案*(每空以|分隔，同一空的备选答案以/分隔)', 36)],
  short: [col('keywords', '关键词(以逗号分隔)', 24), col('autoScore', '按关键词自动评分(是/否)', 16), col('answerText', '参考答案', 36)],
  operation: [col('answerText', '参考答案', 36)],
  calculation: [col('answerText', '参考答案', 36)],
  rating: [col('stars', '星级数*(1-10)', 12)],
};
/** One template per type: stem, the type's own columns, then the common ones. */
export const QUESTION_LAYOUTS = Object.fromEntries(
  (Object.keys(PARTS) as QuestionType[]).map((type) => [
    type,
    { sheetName: TYPE_TEXT[type], marker: `hanlin:question-import:${type}:v1`, columns: [...COMMON_HEAD, ...PARTS[type], ...COMMON_TAIL] },
  ]),
) as unknown as Record<QuestionType, ExcelLayout<QuestionImportField>>;

/** Every type in one sheet: the export of a bank. */
const EXPORT_LAYOUT: ExcelLayout = {
  sheetName: '试题',
  marker: 'hanlin:question-export:v1',
  columns: [
    { key: 'type', header: '题型', width: 10 },
    { key: 'stem', header: '题干', width: 40 },
    { key: 'options', header: '选项', width: 36 },
    { key: 'answer', header: '答案', width: 24 },
    { key: 'score', header: '分值', width: 8 },
    { key: 'difficulty', header: '难度', width: 8 },
    { key: 'labels', header: '标签', width: 16 },
    { key: 'category', header: '分类', width: 16 },
    { key: 'analysis', header: '解析', width: 30 },
    { key: 'status', header: '状态', width: 10 },
  ],
};

/** The schema field an issue names → the template column it came from. */
const FIELD_COLUMN: Record<string, QuestionImportField> = {
  stem: 'stem',
  options: 'options',
  answers: 'answer',
  blanks: 'answer',
  keywords: 'keywords',
  autoScore: 'autoScore',
  answerText: 'answerText',
  stars: 'stars',
  score: 'score',
  difficulty: 'difficulty',
  labels: 'labels',
  analysis: 'analysis',
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A row as the insert schema's input; unreadable cells are reported and left out. */
function inputOf(type: QuestionType, r: Row, add: (f: QuestionImportField, reason: QuestionImportReason) => void): QuestionInput {
  const q: Record<string, unknown> = { type, stem: escapeHtml(r.stem ?? '') };
  if (r.score) q.score = Number(r.score);
  else add('score', 'REQUIRED');
  if (r.difficulty) {
    if (DIFFICULTY[r.difficulty]) q.difficulty = DIFFICULTY[r.difficulty];
    else add('difficulty', 'INVALID_FORMAT');
  }
  if (r.labels) q.labels = split(r.labels, '|');
  if (r.analysis) q.analysis = r.analysis;
  if (type === 'single' || type === 'multiple') {
    q.options = split(r.options ?? '', '|').map((content) => ({ content }));
    q.answers = (r.answer ?? '')
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .split('');
  } else if (type === 'judgment') {
    const v = JUDGMENT[(r.answer ?? '').toUpperCase()];
    if (v) q.answers = [v];
    else add('answer', r.answer ? 'INVALID_FORMAT' : 'REQUIRED');
  } else if (type === 'fill') q.blanks = split(r.answer ?? '', '|').map((b) => split(b, '/'));
  else if (type === 'rating') {
    if (!r.stars) add('stars', 'REQUIRED');
    else q.stars = Number(r.stars);
  }
  if (type === 'short') {
    q.keywords = r.keywords ?? '';
    q.autoScore = YES.has((r.autoScore ?? '').toUpperCase());
  }
  if (type === 'short' || type === 'operation' || type === 'calculation') q.answerText = r.answerText ?? '';
  return q as QuestionInput;
}

export function createQuestionsImportService({ db, storage }: { db: Db; storage: Storage }) {
  /** Per-row checks: the same rules as the form (shared schema), each reason naming its column; categories by name. */
  async function validate(type: QuestionType, p: Principal, rows: Row[]) {
    const { errs, add } = importErrors<QuestionImportField, QuestionImportReason>();
    const categories = await db.select({ id: questionCategories.id, name: questionCategories.name }).from(questionCategories);
    const byName = new Map<string, number[]>();
    for (const c of categories) byName.set(c.name, [...(byName.get(c.name) ?? []), c.id]);
    const inputs = new Map<number, QuestionInput>();
    for (const r of rows) {
      const addRow = (f: QuestionImportField, reason: QuestionImportReason) => add(r.row, f, reason);
      if (!r.stem) addRow('stem', 'REQUIRED');
      const input = inputOf(type, r, addRow);
      if (r.category) {
        const ids = byName.get(r.category) ?? [];
        if (ids.length === 1) input.categoryId = ids[0]!;
        else addRow('category', ids.length ? 'CATEGORY_AMBIGUOUS' : 'CATEGORY_NOT_FOUND');
      }
      const parsed = QuestionInsertSchema.safeParse(input);
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const field = FIELD_COLUMN[String(issue.path[0])] ?? 'stem';
          const reason: QuestionImportReason =
            field === 'score'
              ? 'SCORE_INVALID'
              : issue.code === 'too_big' && issue.origin === 'string'
                ? 'TOO_LONG'
                : issue.code === 'custom'
                  ? 'RULE_BROKEN'
                  : 'INVALID_FORMAT';
          addRow(field, reason);
        }
      else if (richTextPlain(parsed.data.stem).length === 0) addRow('stem', 'REQUIRED');
      inputs.set(r.row, input);
    }
    return { errs, inputs, p };
  }

  const FIELD_LABEL = Object.fromEntries(Object.values(QUESTION_LAYOUTS).flatMap((l) => l.columns.map((c) => [c.key, c.header.replace(/\*?\(.*\)|\*/g, '')]))) as Record<
    QuestionImportField,
    string
  >;
  const flows = Object.fromEntries(
    (Object.keys(QUESTION_LAYOUTS) as QuestionType[]).map((type) => [
      type,
      createImportFlow({
        storage,
        folder: 'questions',
        parse: (file) => readImportFile(QUESTION_LAYOUTS[type], file.filename, file.data),
        validate: (p, rows: Row[]) => validate(type, p, rows),
        /** All good rows in one transaction, as drafts of the importer's organization. */
        insert: async (good, { inputs, p }) => {
          await db.transaction(async (tx) => {
            for (const r of good) {
              const values = valuesOf(QuestionInsertSchema.parse(inputs.get(r.row)));
              await repo.insertQuestion(tx, { ...values, orgId: p.orgId, createdBy: p.userId });
            }
          });
        },
        errorFileRows: (bad) => writeErrorFile(QUESTION_LAYOUTS[type], bad),
        reasonText: (e) => `${FIELD_LABEL[e.field as QuestionImportField]}：${QUESTION_IMPORT_REASONS[e.reason as QuestionImportReason]}`,
      }),
    ]),
  ) as Record<QuestionType, ReturnType<typeof createImportFlow<Row, Awaited<ReturnType<typeof validate>>>>>;

  return {
    template: (type: QuestionType) => writeTemplate(QUESTION_LAYOUTS[type]),

    run: (p: Principal, type: QuestionType, file: { filename: string; data: Buffer }, mode: 'check' | 'commit', skipInvalid: boolean): Promise<UserImportResult> =>
      flows[type].run(p, file, mode, skipInvalid),

    /** Error files are stored per user, whatever the type. */
    errorFile: (p: Principal, id: string) => flows.single.errorFile(p, id),

    /** The questions of the list's filters (a bank: `categoryId`), every type in one sheet. */
    async export(p: Principal, q: QuestionExportQuery): Promise<Buffer> {
      const rows = await db
        .select({
          type: questions.type,
          stem: questions.stem,
          options: questions.options,
          answers: questions.answers,
          blanks: questions.blanks,
          answerText: questions.answerText,
          stars: questions.stars,
          score: questions.score,
          difficulty: questions.difficulty,
          labels: questions.labels,
          category: questionCategories.name,
          analysis: questions.analysis,
          status: questions.status,
        })
        .from(questions)
        .leftJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
        .leftJoin(organizations, eq(organizations.id, questions.orgId))
        .where(questionList.where(p, q))
        .orderBy(asc(questions.id))
        .limit(100_000);
      const answerOf = (r: (typeof rows)[number]) => {
        if (r.type === 'judgment') return r.answers[0] === 'T' ? '正确' : '错误';
        if (r.type === 'fill') return r.blanks.map((b) => b.join('/')).join('|');
        if (r.type === 'rating') return `${r.stars}`;
        return r.answers.length ? r.answers.join('') : r.answerText;
      };
      return writeExport(
        EXPORT_LAYOUT,
        [],
        rows.map((r) => [
          TYPE_TEXT[r.type as QuestionType] ?? r.type,
          richTextPlain(r.stem),
          r.options.map((o, i) => `${OPTION_LETTERS[i]}. ${o.content}`).join('|'),
          answerOf(r),
          r.score,
          DIFFICULTY_TEXT[r.difficulty] ?? r.difficulty,
          r.labels.join('|'),
          r.category,
          r.analysis,
          STATUS_TEXT[r.status] ?? r.status,
        ]),
      );
    },
  };
}
export type QuestionsImportService = ReturnType<typeof createQuestionsImportService>;
