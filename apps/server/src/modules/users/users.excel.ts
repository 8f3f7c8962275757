import { readImportFile, writeErrorFile, writeExport, writeTemplate, type ExcelLang, type ExcelLayout, type ExcelRow, type Texts } from '../../platform/excel.js';
import type { UserKind } from './users.repository.js';

export { cellText, contentDisposition, IMPORT_MAX_ROWS, REASON_HEADER, XLSX_MIME } from '../../platform/excel.js';

const tx = (zh: string, en: string, pt: string): Texts => ({ 'zh-CN': zh, 'en-US': en, pt });

/** Columns of the import template, in order; export writes the same first columns. `required`: what the import refuses without, as the form does. */
export const IMPORT_COLUMNS = [
  { key: 'username', header: tx('用户名', 'Username', 'Nome de usuário'), width: 20, required: true },
  { key: 'realname', header: tx('姓名', 'Name', 'Nome'), width: 16, required: true },
  { key: 'cardNumber', header: tx('工号', 'Employee number', 'Número de funcionário'), width: 18, required: true },
  { key: 'phone', header: tx('手机号', 'Mobile phone', 'Celular'), width: 16 },
  { key: 'email', header: tx('邮箱', 'E-mail', 'E-mail'), width: 28 },
  { key: 'department', header: tx('部门', 'Department', 'Departamento'), width: 24, required: true },
  { key: 'sex', header: tx('性别', 'Gender', 'Sexo'), width: 8 },
  { key: 'englishName', header: tx('英文名', 'English name', 'Nome em inglês'), width: 18 },
  { key: 'post', header: tx('岗位', 'Post', 'Cargo'), width: 18 },
  { key: 'city', header: tx('城市', 'City', 'Cidade'), width: 14 },
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]['key'];
export type ImportRow = ExcelRow<ImportColumn>;

const STUDENT_NUMBER = tx('学号', 'Student number', 'Número de aluno');
export const SHEET_NAME: Record<UserKind, Texts> = { employee: tx('用户', 'Users', 'Usuários'), student: tx('学员', 'Students', 'Alunos') };

/** Export-only columns after the template's. */
export const EXPORT_HEADERS = [tx('状态', 'Status', 'Status'), tx('角色', 'Roles', 'Funções'), tx('创建时间', 'Created', 'Criado em')];
export const STATUS_TEXT: Record<'normal' | 'frozen', Texts> = { normal: tx('正常', 'Active', 'Ativo'), frozen: tx('冻结', 'Frozen', 'Congelado') };
export const SEX_TEXT: Record<'male' | 'female', Texts> = { male: tx('男', 'Male', 'Masculino'), female: tx('女', 'Female', 'Feminino') };

/** The template of one people page: the student page says 学号 and has its own marker. */
export function layoutOf(kind: UserKind): ExcelLayout<ImportColumn> {
  return {
    sheetName: SHEET_NAME[kind],
    marker: `hanlin:user-import:v1:${kind}`,
    columns: IMPORT_COLUMNS.map((c) => ({ ...c, header: c.key === 'cardNumber' && kind === 'student' ? STUDENT_NUMBER : c.header })),
  };
}

export const buildTemplate = (kind: UserKind, lang: ExcelLang = 'zh-CN'): Promise<Buffer> => writeTemplate(layoutOf(kind), lang);

/** The bad rows as typed, plus a reason column; the file can be fixed and imported again. */
export const buildErrorFile = (kind: UserKind, lang: ExcelLang, rows: { values: ImportRow; reason: string }[]): Promise<Buffer> => writeErrorFile(layoutOf(kind), lang, rows);

export const buildExport = (kind: UserKind, lang: ExcelLang, rows: (string | number | null)[][]): Promise<Buffer> =>
  writeExport(
    layoutOf(kind),
    lang,
    EXPORT_HEADERS.map((h) => h[lang]),
    rows,
  );

/** Reads an uploaded workbook of this page's template (see readImportFile). */
export const parseImportFile = (kind: UserKind, filename: string, data: Buffer): Promise<ImportRow[]> => readImportFile(layoutOf(kind), filename, data);
