import { asc, eq } from 'drizzle-orm';
import {
  OPTION_LETTERS,
  QUESTION_IMPORT_REASONS,
  QuestionInsertSchema,
  QUESTION_TYPES,
  recordOf,
  type QuestionExportQuery,
  type QuestionImportField,
  type QuestionImportReason,
  type QuestionType,
  type UserImportResult,
  keysOf,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import type { Principal } from '../../platform/auth/principal.js';
import {
  createImportFlow,
  importErrors,
  layoutReasonText,
  readImportFile,
  writeErrorFile,
  writeExport,
  writeTemplate,
  type ExcelColumn,
  type ExcelLang,
  type Texts,
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

const TYPE_TEXT: Record<QuestionType, Texts> = {
  single: { 'zh-CN': '单选题', 'en-US': 'Single choice', pt: 'Escolha única' },
  multiple: { 'zh-CN': '多选题', 'en-US': 'Multiple choice', pt: 'Múltipla escolha' },
  judgment: { 'zh-CN': '判断题', 'en-US': 'True or false', pt: 'Verdadeiro ou falso' },
  fill: { 'zh-CN': '填空题', 'en-US': 'Fill in the blank', pt: 'Preencher lacunas' },
  short: { 'zh-CN': '简答题', 'en-US': 'Short answer', pt: 'Resposta curta' },
  operation: { 'zh-CN': '操作题', 'en-US': 'Operation', pt: 'Operação' },
  calculation: { 'zh-CN': '计算题', 'en-US': 'Calculation', pt: 'Cálculo' },
  rating: { 'zh-CN': '评分题', 'en-US': 'Star rating', pt: 'Avaliação por estrelas' },
};
/** The template's file name: `单选题导入模板`, `Single choice import template`. */
export const templateName = (type: QuestionType, lang: ExcelLang) =>
  `${TYPE_TEXT[type][lang]}${{ 'zh-CN': '导入模板', 'en-US': ' import template', pt: ' - modelo de importação' }[lang]}`;
const DIFFICULTY: Record<string, 'easy' | 'medium' | 'hard'> = {
  简单: 'easy',
  中等: 'medium',
  困难: 'hard',
  easy: 'easy',
  medium: 'medium',
  hard: 'hard',
  fácil: 'easy',
  médio: 'medium',
  difícil: 'hard',
};
const DIFFICULTY_TEXT: Record<string, Texts> = {
  easy: { 'zh-CN': '简单', 'en-US': 'easy', pt: 'fácil' },
  medium: { 'zh-CN': '中等', 'en-US': 'medium', pt: 'médio' },
  hard: { 'zh-CN': '困难', 'en-US': 'hard', pt: 'difícil' },
};
const JUDGMENT: Record<string, 'T' | 'F'> = { 正确: 'T', 对: 'T', T: 'T', TRUE: 'T', VERDADEIRO: 'T', V: 'T', 错误: 'F', 错: 'F', F: 'F', FALSE: 'F', FALSO: 'F' };
const JUDGMENT_TEXT: Record<'T' | 'F', Texts> = { T: { 'zh-CN': '正确', 'en-US': 'TRUE', pt: 'VERDADEIRO' }, F: { 'zh-CN': '错误', 'en-US': 'FALSE', pt: 'FALSO' } };
const YES = new Set(['是', 'Y', 'YES', 'TRUE', '1', 'SIM', 'S']);
const STATUS_TEXT: Record<string, Texts> = {
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft', pt: 'Rascunho' },
  pending: { 'zh-CN': '待审核', 'en-US': 'Pending', pt: 'Pendente' },
  approved: { 'zh-CN': '已通过', 'en-US': 'Approved', pt: 'Aprovada' },
  refused: { 'zh-CN': '已驳回', 'en-US': 'Refused', pt: 'Recusada' },
};
/** Options, blanks and alternatives are separated by `|`, alternatives of a blank by `/`. */
const split = (text: string, sep: string) =>
  text
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

const col = (key: QuestionImportField, header: Texts, width = 16, required = false): ExcelColumn<QuestionImportField> => ({ key, header, width, required });
const T = (zh: string, en: string, pt: string): Texts => ({ 'zh-CN': zh, 'en-US': en, pt });
const OPTIONS = col('options', T('选项(以|分隔，依次为A、B、C…)', 'Options (separated by |, A, B, C… in order)', 'Opções (separadas por |, A, B, C… em ordem)'), 40, true);
const REFERENCE = col('answerText', T('参考答案', 'Reference answer', 'Resposta de referência'), 36);
const COMMON_HEAD = [col('stem', T('题干', 'Stem', 'Enunciado'), 40, true)];
const COMMON_TAIL = [
  col('score', T('分值(0.5的倍数，≤100)', 'Score (multiple of 0.5, ≤100)', 'Pontuação (múltiplo de 0,5, ≤100)'), 14, true),
  col('difficulty', T('难度(简单/中等/困难)', 'Difficulty (easy/medium/hard)', 'Dificuldade (fácil/médio/difícil)'), 14),
  col('labels', T('标签(以|分隔，≤5个)', 'Labels (separated by |, ≤5)', 'Rótulos (separados por |, ≤5)'), 20),
  col('category', T('分类(分类名称)', 'Classification (its name)', 'Classificação (nome)'), 18),
  col('analysis', T('解析', 'Analysis', 'Análise'), 30),
];
const PARTS: Record<QuestionType, ExcelColumn<QuestionImportField>[]> = {
  single: [OPTIONS, col('answer', T('答案(如A)', 'Answer (e.g. A)', 'Resposta (ex.: A)'), 12, true)],
  multiple: [OPTIONS, col('answer', T('答案(如ABD)', 'Answer (e.g. ABD)', 'Resposta (ex.: ABD)'), 12, true)],
  judgment: [col('answer', T('答案(正确/错误)', 'Answer (TRUE/FALSE)', 'Resposta (VERDADEIRO/FALSO)'), 14, true)],
  fill: [
    col(
      'answer',
      T(
        '答案(每空以|分隔，同一空的备选答案以/分隔)',
        'Answer (blanks separated by |, alternatives of a blank by /)',
        'Resposta (lacunas separadas por |, alternativas de uma lacuna por /)',
      ),
      36,
      true,
    ),
  ],
  short: [
    col('keywords', T('关键词(以逗号分隔)', 'Keywords (separated by commas)', 'Palavras-chave (separadas por vírgulas)'), 24),
    col('autoScore', T('按关键词自动评分(是/否)', 'Score by keywords (yes/no)', 'Pontuar por palavras-chave (sim/não)'), 16),
    REFERENCE,
  ],
  operation: [REFERENCE],
  calculation: [REFERENCE],
  rating: [col('stars', T('星级数(1-10)', 'Stars (1-10)', 'Estrelas (1-10)'), 12, true)],
};
/** One template per type: stem, the type's own columns, then the common ones. */
export const QUESTION_LAYOUTS = recordOf(QUESTION_TYPES, (type): ExcelLayout<QuestionImportField> => ({
  sheetName: TYPE_TEXT[type],
  marker: `hanlin:question-import:${type}:v1`,
  columns: [...COMMON_HEAD, ...PARTS[type], ...COMMON_TAIL],
}));

/** Every type in one sheet: the export of a bank. */
const ecol = (key: string, header: Texts, width: number) => ({ key, header, width });
const EXPORT_LAYOUT: ExcelLayout = {
  sheetName: T('试题', 'Questions', 'Questões'),
  marker: 'hanlin:question-export:v1',
  columns: [
    ecol('type', T('题型', 'Type', 'Tipo'), 10),
    ecol('stem', T('题干', 'Stem', 'Enunciado'), 40),
    ecol('options', T('选项', 'Options', 'Opções'), 36),
    ecol('answer', T('答案', 'Answer', 'Resposta'), 24),
    ecol('score', T('分值', 'Score', 'Pontuação'), 8),
    ecol('difficulty', T('难度', 'Difficulty', 'Dificuldade'), 8),
    ecol('labels', T('标签', 'Labels', 'Rótulos'), 16),
    ecol('category', T('分类', 'Classification', 'Classificação'), 16),
    ecol('analysis', T('解析', 'Analysis', 'Análise'), 30),
    { key: 'status', header: T('状态', 'Status', 'Estado'), width: 10 },
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

/** A row as a draft of the insert schema's input (checked by it next); unreadable cells are reported and left out. */
function inputOf(type: QuestionType, r: Row, add: (f: QuestionImportField, reason: QuestionImportReason) => void): Record<string, unknown> {
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
  return q;
}

export function createQuestionsImportService({ db, storage }: { db: Db; storage: Storage }) {
  /** Per-row checks: the same rules as the form (shared schema), each reason naming its column; categories by name. */
  async function validate(type: QuestionType, p: Principal, rows: Row[]) {
    const { errs, add } = importErrors<QuestionImportField, QuestionImportReason>();
    const categories = await db.select({ id: questionCategories.id, name: questionCategories.name }).from(questionCategories);
    const byName = new Map<string, number[]>();
    for (const c of categories) byName.set(c.name, [...(byName.get(c.name) ?? []), c.id]);
    const inputs = new Map<number, Record<string, unknown>>();
    for (const r of rows) {
      const addRow = (f: QuestionImportField, reason: QuestionImportReason) => add(r.row, f, reason);
      if (!r.stem) addRow('stem', 'REQUIRED');
      const input = inputOf(type, r, addRow);
      if (r.category) {
        const ids = byName.get(r.category) ?? [];
        if (ids.length === 1) input.categoryId = ids[0];
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

  const flows = recordOf(keysOf(QUESTION_LAYOUTS), (type) =>
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
      errorFileRows: (bad, lang) => writeErrorFile(QUESTION_LAYOUTS[type], lang, bad),
      reasonText: layoutReasonText(QUESTION_LAYOUTS[type], QUESTION_IMPORT_REASONS),
    }),
  );

  return {
    template: (type: QuestionType, lang: ExcelLang) => writeTemplate(QUESTION_LAYOUTS[type], lang),

    run: (
      p: Principal,
      type: QuestionType,
      file: { filename: string; data: Buffer },
      mode: 'check' | 'commit',
      skipInvalid: boolean,
      lang: ExcelLang = 'zh-CN',
    ): Promise<UserImportResult> => flows[type].run(p, file, mode, skipInvalid, lang),

    /** Error files are stored per user, whatever the type. */
    errorFile: (p: Principal, id: string) => flows.single.errorFile(p, id),

    /** The questions of the list's filters (a bank: `categoryId`), every type in one sheet. */
    async export(p: Principal, q: QuestionExportQuery, lang: ExcelLang = 'zh-CN'): Promise<Buffer> {
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
        if (r.type === 'judgment') return JUDGMENT_TEXT[r.answers[0] === 'T' ? 'T' : 'F'][lang];
        if (r.type === 'fill') return r.blanks.map((b) => b.join('/')).join('|');
        if (r.type === 'rating') return `${r.stars}`;
        return r.answers.length ? r.answers.join('') : r.answerText;
      };
      return writeExport(
        EXPORT_LAYOUT,
        lang,
        [],
        rows.map((r) => [
          TYPE_TEXT[r.type]?.[lang] ?? r.type,
          richTextPlain(r.stem),
          r.options.map((o, i) => `${OPTION_LETTERS[i]}. ${o.content}`).join('|'),
          answerOf(r),
          r.score,
          DIFFICULTY_TEXT[r.difficulty]?.[lang] ?? r.difficulty,
          r.labels.join('|'),
          r.category,
          r.analysis,
          STATUS_TEXT[r.status]?.[lang] ?? r.status,
        ]),
      );
    },
  };
}
export type QuestionsImportService = ReturnType<typeof createQuestionsImportService>;
