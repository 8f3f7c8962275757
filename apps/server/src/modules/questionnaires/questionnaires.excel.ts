import {
  entriesOf,
  QUESTIONNAIRE_EXCEL_SEPARATOR as SEP,
  QUESTIONNAIRE_IMPORT_REASONS,
  QUESTIONNAIRE_ITEMS_MAX,
  QuestionnaireItemSchema,
  QuestionnaireItemsSchema,
  type QuestionnaireImportField as Field,
  type QuestionnaireImportQuery,
  type QuestionnaireImportReason as Reason,
  type QuestionnaireImportResult,
  type QuestionnaireItem,
  type QuestionnaireItemKind,
} from '@hanlin/shared';
import type { Storage } from '../../platform/storage.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import {
  bookBuffer,
  createImportFlow,
  importErrors,
  layoutReasonText,
  newLayoutBook,
  readImportFile,
  writeErrorFile,
  type ExcelLang,
  type ExcelLayout,
  type ExcelRow,
  type ImportFile,
  type Texts,
} from '../../platform/excel.js';
import type { QuestionnairesService } from './questionnaires.service.js';
import { categoryTree, nameTaken } from './questionnaires.repository.js';

type Row = ExcelRow<Field>;
const T = (zh: string, en: string, pt: string): Texts => ({ 'zh-CN': zh, 'en-US': en, pt });

/** The kind as a cell shows it; an import also takes the kind's code (`single`, `matrix`, …). */
const KIND_TEXT: Record<QuestionnaireItemKind, Texts> = {
  section: T('段落说明', 'Section', 'Seção'),
  single: T('单选题', 'Single choice', 'Escolha única'),
  multiple: T('多选题', 'Multiple choice', 'Múltipla escolha'),
  text: T('单行文本', 'Short text', 'Texto curto'),
  textarea: T('多行文本', 'Long text', 'Texto longo'),
  rating: T('评分题', 'Star rating', 'Avaliação por estrelas'),
  matrix: T('矩阵题', 'Matrix', 'Matriz'),
  number: T('数字', 'Number', 'Número'),
  date: T('日期', 'Date', 'Data'),
};
const norm = (s: string) => s.trim().toLowerCase();
const KIND_OF = new Map<string, QuestionnaireItemKind>(
  entriesOf<QuestionnaireItemKind, Texts>(KIND_TEXT).flatMap(([kind, texts]) => [[kind, kind], ...Object.values(texts).map((t) => [norm(t), kind] as const)]),
);
const YES_TEXT = T('是', 'yes', 'sim');
const NO_TEXT = T('否', 'no', 'não');
const YES = new Set(['是', 'y', 'yes', 'true', '1', 'sim', 's']);
const NO = new Set(['否', 'n', 'no', 'false', '0', 'não', 'nao']);

const col = (key: Field, header: Texts, width: number, required = false) => ({ key, header, width, required });
export const QUESTIONNAIRE_LAYOUT: ExcelLayout<Field> = {
  sheetName: T('问卷题目', 'Items', 'Itens'),
  marker: 'hanlin:questionnaire-import:v1',
  columns: [
    col('kind', T('题型', 'Kind', 'Tipo'), 14, true),
    col('key', T('编号(选填，显示条件引用它)', 'Key (optional; conditions name it)', 'Chave (opcional; condições a indicam)'), 14),
    col('title', T('标题', 'Title', 'Título'), 40, true),
    col('description', T('说明', 'Description', 'Descrição'), 24),
    col('required', T('必答(是/否)', 'Required (yes/no)', 'Obrigatório (sim/não)'), 10),
    col('options', T('选项(以|分隔；矩阵为列)', 'Options (separated by |; a matrix: its columns)', 'Opções (separadas por |; matriz: colunas)'), 36),
    col('rows', T('矩阵行(以|分隔)', 'Matrix rows (separated by |)', 'Linhas da matriz (separadas por |)'), 24),
    col('allowOther', T('含“其他”(是/否)', 'Allow "other" (yes/no)', 'Permitir "outro" (sim/não)'), 12),
    col('min', T('最少(多选个数/数字下限)', 'Min (picks / number)', 'Mín. (escolhas / número)'), 12),
    col('max', T('最多(多选个数/数字上限/字数)', 'Max (picks / number / characters)', 'Máx. (escolhas / número / caracteres)'), 12),
    col('scale', T('星级(5/10)', 'Stars (5/10)', 'Estrelas (5/10)'), 10),
    col('integer', T('仅整数(是/否)', 'Whole numbers only (yes/no)', 'Só inteiros (sim/não)'), 12),
    col('condition', T('显示条件(编号:选项序号，如 q1:1|2)', 'Shown when (key:option numbers, e.g. q1:1|2)', 'Mostrar quando (chave:números das opções, ex.: q1:1|2)'), 24),
  ],
};

/** The second sheet of the template and of an export: what each column takes. */
const INSTRUCTIONS: { title: Texts; lines: Texts[] } = {
  title: T('填写说明', 'Instructions', 'Instruções'),
  lines: [
    T(
      '每行一个题目，按行的顺序显示；标 * 的列必填。',
      'One item per row, shown in the rows’ order; columns marked * are required.',
      'Um item por linha, na ordem das linhas; colunas com * são obrigatórias.',
    ),
    T(
      `题型：${Object.values(KIND_TEXT)
        .map((k) => k['zh-CN'])
        .join('、')}。`,
      `Kind: ${Object.values(KIND_TEXT)
        .map((k) => k['en-US'])
        .join(', ')}.`,
      `Tipo: ${Object.values(KIND_TEXT)
        .map((k) => k.pt)
        .join(', ')}.`,
    ),
    T(
      '选项、矩阵行以 | 分隔（单选、多选至少 2 个选项；矩阵题的选项是它的列）。',
      'Options and matrix rows are separated by | (single and multiple choice need 2 options or more; a matrix’s options are its columns).',
      'Opções e linhas da matriz são separadas por | (escolha única e múltipla precisam de 2 opções ou mais; as opções de uma matriz são as colunas).',
    ),
    T(
      '最少/最多：多选题可选个数，数字题的范围，文本题的最多字数。星级：5 或 10。',
      'Min/Max: picks of a multiple choice, range of a number, most characters of a text. Stars: 5 or 10.',
      'Mín./Máx.: escolhas de uma múltipla escolha, intervalo de um número, máximo de caracteres de um texto. Estrelas: 5 ou 10.',
    ),
    T(
      '显示条件：前面某个单选或多选题的编号和选项序号（从 1 起），如 q1:1|2 表示 q1 选了第 1 或第 2 项时才显示。未填编号的题目编号为 q + 行序。',
      'Shown when: the key of an earlier single or multiple choice item and option numbers (from 1); q1:1|2 shows the item when q1’s answer picked option 1 or 2. A row without a key gets q + its position.',
      'Mostrar quando: a chave de um item de escolha anterior e números das opções (a partir de 1); q1:1|2 mostra o item quando a resposta de q1 escolheu a opção 1 ou 2. Uma linha sem chave recebe q + a sua posição.',
    ),
    T('是/否列填“是”或“否”，空为否。', 'Yes/no columns take yes or no; empty is no.', 'Colunas sim/não aceitam sim ou não; vazio é não.'),
  ],
};

const split = (text: string) =>
  text
    .split(SEP)
    .map((s) => s.trim())
    .filter(Boolean);

/** The schema field an issue names → the column it came from. */
const FIELD_COLUMN: Record<string, Field> = {
  kind: 'kind',
  key: 'key',
  title: 'title',
  description: 'description',
  required: 'required',
  options: 'options',
  columns: 'options',
  rows: 'rows',
  allowOther: 'allowOther',
  minPicks: 'min',
  min: 'min',
  maxPicks: 'max',
  max: 'max',
  maxLength: 'max',
  scale: 'scale',
  integer: 'integer',
  condition: 'condition',
};
type Issue = { path: PropertyKey[]; code: string; origin?: string };
const reasonOf = (issue: Issue, field: Field): Reason =>
  field === 'key' && issue.code === 'custom'
    ? 'KEY_DUPLICATE'
    : field === 'condition'
      ? 'CONDITION_INVALID'
      : issue.code === 'too_big' && issue.origin === 'string'
        ? 'TOO_LONG'
        : issue.code === 'too_small' && issue.origin === 'string'
          ? 'REQUIRED'
          : issue.code === 'custom' || issue.code === 'too_small' || issue.code === 'too_big'
            ? 'RULE_BROKEN'
            : 'INVALID_FORMAT';

/** A row as the item schema's input; unreadable cells are reported and left out. */
function inputOf(r: Row, key: string, add: (f: Field, reason: Reason) => void): Record<string, unknown> | null {
  if (!r.kind) return (add('kind', 'REQUIRED'), null);
  const kind = KIND_OF.get(norm(r.kind));
  if (!kind) return (add('kind', 'KIND_UNKNOWN'), null);
  const item: Record<string, unknown> = { kind, key, title: r.title ?? '' };
  if (r.description) item.description = r.description;
  const flag = (f: Field) => {
    const v = norm(r[f] ?? '');
    if (v && !YES.has(v) && !NO.has(v)) add(f, 'INVALID_FORMAT');
    return YES.has(v);
  };
  const num = (f: Field, set: string, integer = true) => {
    const v = (r[f] ?? '').trim();
    if (!v) return;
    const n = Number(v);
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) add(f, 'INVALID_FORMAT');
    else item[set] = n;
  };
  if (kind !== 'section') item.required = flag('required');
  if (kind === 'single' || kind === 'multiple') {
    item.options = split(r.options ?? '');
    item.allowOther = flag('allowOther');
  }
  if (kind === 'multiple') {
    num('min', 'minPicks');
    num('max', 'maxPicks');
  }
  if (kind === 'text' || kind === 'textarea') num('max', 'maxLength');
  if (kind === 'rating') num('scale', 'scale');
  if (kind === 'matrix') {
    item.rows = split(r.rows ?? '');
    item.columns = split(r.options ?? '');
  }
  if (kind === 'number') {
    num('min', 'min', false);
    num('max', 'max', false);
    item.integer = flag('integer');
  }
  if (r.condition) {
    const m = /^\s*([^:：]+?)\s*[:：]\s*(.+)$/.exec(r.condition);
    const picks = m ? split(m[2]).map(Number) : [];
    if (!m || !picks.length || picks.some((n) => !Number.isInteger(n) || n < 1)) add('condition', 'INVALID_FORMAT');
    else item.condition = { itemKey: m[1], anyOf: picks.map((n) => n - 1) };
  }
  return item;
}

/** An item as its row: the import reads it back to the same item. */
function rowOf(item: QuestionnaireItem, lang: ExcelLang): (string | number | null)[] {
  const yesNo = (v: boolean | undefined) => (v ? YES_TEXT[lang] : NO_TEXT[lang]);
  const v: Partial<Record<Field, string | number>> = { kind: KIND_TEXT[item.kind][lang], key: item.key, title: item.title, description: item.description ?? '' };
  if (item.kind !== 'section') v.required = yesNo(item.required);
  if (item.kind === 'single' || item.kind === 'multiple') {
    v.options = item.options.join(SEP);
    v.allowOther = yesNo(item.allowOther);
  }
  if (item.kind === 'multiple') Object.assign(v, { min: item.minPicks ?? '', max: item.maxPicks ?? '' });
  if (item.kind === 'text' || item.kind === 'textarea') v.max = item.maxLength;
  if (item.kind === 'rating') v.scale = item.scale;
  if (item.kind === 'matrix') Object.assign(v, { options: item.columns.join(SEP), rows: item.rows.join(SEP) });
  if (item.kind === 'number') Object.assign(v, { min: item.min ?? '', max: item.max ?? '', integer: yesNo(item.integer) });
  if (item.condition) v.condition = `${item.condition.itemKey}:${item.condition.anyOf.map((o) => o + 1).join(SEP)}`;
  return QUESTIONNAIRE_LAYOUT.columns.map((c) => v[c.key] ?? null);
}

/** The layout's sheet with `rows`, then the instructions sheet. */
async function book(lang: ExcelLang, rows: (string | number | null)[][] = []) {
  const { wb, ws } = newLayoutBook(QUESTIONNAIRE_LAYOUT, lang);
  for (const r of rows) ws.addRow(r);
  const help = wb.addWorksheet(INSTRUCTIONS.title[lang]);
  help.getColumn(1).width = 120;
  for (const line of INSTRUCTIONS.lines) help.addRow([line[lang]]);
  // The reader takes the first sheet besides the hidden marker as the data; this one is passed over.
  return bookBuffer(wb);
}

export function createQuestionnaireExcel({ db, storage, questionnaires }: { db: Db; storage: Storage; questionnaires: QuestionnairesService }) {
  /**
   * Per-row checks with the item schema, then the rows that passed checked together (keys unique,
   * conditions naming earlier choice items), until the good rows make a valid questionnaire.
   */
  function validate(rows: Row[]) {
    const { errs, add } = importErrors<Field, Reason>();
    const explicit = new Set(rows.map((r) => r.key?.trim()).filter(Boolean));
    let n = 0;
    const autoKey = () => {
      while (explicit.has(`q${++n}`));
      return `q${n}`;
    };
    const inputs = new Map<number, Record<string, unknown>>();
    for (const r of rows) {
      const addRow = (f: Field, reason: Reason) => add(r.row, f, reason);
      const item = inputOf(r, r.key?.trim() || autoKey(), addRow);
      if (!item) continue;
      const parsed = QuestionnaireItemSchema.safeParse(item);
      if (!parsed.success)
        for (const issue of parsed.error.issues) addRow(FIELD_COLUMN[String(issue.path[0])] ?? 'title', reasonOf(issue, FIELD_COLUMN[String(issue.path[0])] ?? 'title'));
      inputs.set(r.row, item);
    }
    for (;;) {
      const good = rows.filter((r) => !errs.has(r.row) && inputs.has(r.row));
      const whole = QuestionnaireItemsSchema.safeParse(good.map((r) => inputs.get(r.row)));
      if (whole.success) return { errs, items: whole.data };
      for (const issue of whole.error.issues) {
        const r = good[Number(issue.path[0])];
        const field = FIELD_COLUMN[String(issue.path[1])] ?? 'title';
        if (r) add(r.row, field, reasonOf(issue, field));
        else return { errs, items: [] }; // not about one row (more items than allowed): the reader refuses those first
      }
    }
  }

  const flowOf = (q: QuestionnaireImportQuery, file: ImportFile, created: { id: number | null }) => {
    const name = q.name ?? (file.filename.replace(/\.xlsx$/i, '').trim() || 'questionnaire');
    return createImportFlow({
      storage,
      folder: 'questionnaires',
      parse: (f) => readImportFile(QUESTIONNAIRE_LAYOUT, f.filename, f.data, QUESTIONNAIRE_ITEMS_MAX),
      /** The name and classification are checked at the check step already (the insert checks them again). */
      validate: async (principal, rows: Row[]) => {
        if (await nameTaken(db, name)) throw new AppError('DUPLICATE_DATA', { field: 'name' });
        if (q.categoryId != null) await categoryTree.mustGet(db, q.categoryId, 'categoryId');
        return { ...validate(rows), principal };
      },
      /** The good rows as one new draft template, the importer's. */
      insert: async (_good, { items, principal }) => {
        created.id = (await questionnaires.insert(principal, { name, categoryId: q.categoryId ?? null, description: '', items })).id;
      },
      errorFileRows: (bad, lang) => writeErrorFile(QUESTIONNAIRE_LAYOUT, lang, bad),
      reasonText: layoutReasonText(QUESTIONNAIRE_LAYOUT, QUESTIONNAIRE_IMPORT_REASONS),
    });
  };
  const errorFiles = flowOf({ mode: 'check' }, { filename: '', data: Buffer.alloc(0) }, { id: null });

  return {
    template: (lang: ExcelLang) => book(lang),

    async run(
      p: Principal,
      q: QuestionnaireImportQuery,
      file: ImportFile,
      mode: 'check' | 'commit',
      skipInvalid: boolean,
      lang: ExcelLang,
    ): Promise<QuestionnaireImportResult> {
      const created: { id: number | null } = { id: null };
      const result = await flowOf(q, file, created).run(p, file, mode, skipInvalid, lang);
      return { ...result, id: created.id };
    },

    errorFile: (p: Principal, id: string) => errorFiles.errorFile(p, id),

    /** One template in scope, in the import's format; answers its name for the file. */
    async export(p: Principal, id: number, lang: ExcelLang) {
      const t = await questionnaires.get(p, id);
      return {
        name: t.name,
        data: await book(
          lang,
          t.items.map((i) => rowOf(i, lang)),
        ),
      };
    },
  };
}
export type QuestionnaireExcel = ReturnType<typeof createQuestionnaireExcel>;
