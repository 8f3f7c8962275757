import type { ReactElement, ReactNode } from 'react';
import type { z } from 'zod';
import type { Page } from '@hanlin/shared';
import type { DownloadResult } from '../api/client';

import type { FieldName, SchemaObject } from '../forms/types';
export type { FieldName, SchemaObject } from '../forms/types';
/**
 * Fields over a schema: names written as literals must be keys of the schema (checked at compile
 * time); a list declared as plain `FieldSpec[]` (names widened to string) is taken as it is.
 */
export type SchemaFields<S extends SchemaObject, N extends string> = readonly FieldSpec<N>[] & NoInfer<string extends N ? unknown : readonly FieldSpec<FieldName<S>>[]>;

export interface Option {
  value: string | number;
  /** i18n key. */
  labelKey: string;
  /** Already-translated label (error names, server values); shown instead of `labelKey`. */
  label?: ReactNode;
}

export interface FieldSpec<N extends string = string> {
  name: N;
  labelKey: string;
  kind?: 'text' | 'textarea' | 'number' | 'select' | 'datetime' | 'password';
  options?: readonly Option[];
  /** Custom control; receives value/onChange through Form.Item. */
  control?: ReactNode;
  testId?: string;
  placeholderKey?: string;
  extraKey?: string;
  /** A `datetime` field whose rule forbids the past: earlier days cannot be picked. */
  disablePast?: boolean;
}

export interface FilterSpec {
  name: string;
  labelKey: string;
  /**
   * `daterange`: a RangePicker sending `<name>From`/`<name>To` (or `range`) as ISO times, whole days.
   * `boolean`: a select of the two `options` (values 'true' and 'false') sent as a boolean.
   */
  kind?: 'text' | 'select' | 'daterange' | 'boolean';
  options?: readonly Option[];
  /** Select: type to filter the options. */
  searchable?: boolean;
  /** Daterange: the two query parameter names, e.g. `{ from: 'from', to: 'to' }`. */
  range?: { from: string; to: string };
  width?: number;
  placeholderKey?: string;
  testId?: string;
  /** A control of the module's own (a select fed by an API); the form injects value and onChange. */
  control?: ReactElement;
}

export interface ColumnSpec<R> {
  key: keyof R & string;
  titleKey: string;
  sortable?: boolean;
  width?: number;
  /** Cut long text to the column width (default 240 px); the whole text shows in a tooltip. */
  ellipsis?: boolean;
  /**
   * Which columns give way on narrow screens: `'low'` shows from 1600 px, `'medium'` from
   * 1200 px, others always; the list's column chooser shows or hides any of them.
   */
  priority?: 'medium' | 'low';
  render?: (record: R) => ReactNode;
}

export type BatchKind = 'delete' | 'freeze' | 'unfreeze' | 'publish' | 'unpublish';
export const DESTRUCTIVE: readonly BatchKind[] = ['delete', 'freeze'];

/** A list's sort and filters: what an export is sent (the list's query without its page). */
export interface ExportQuery {
  sort?: string;
  [filter: string]: unknown;
}

export interface ListParams extends ExportQuery {
  page: number;
  size: number;
}

export interface ModalForm<R, S extends SchemaObject = SchemaObject> {
  schema: S;
  fields: readonly FieldSpec<FieldName<S>>[];
  create?: (values: z.infer<S>) => Promise<unknown>;
  update?: (values: z.infer<S> & { id: number }) => Promise<unknown>;
  /** Record -> form values (defaults to the record itself). */
  toValues?: (record: R) => Record<string, unknown>;
  defaults?: Record<string, unknown>;
}

export interface PageForm<R> {
  addPath: string;
  editPath: (record: R) => string;
}

export interface CrudPageProps<R extends { id: number }, S extends SchemaObject = SchemaObject> {
  titleKey: string;
  /** TanStack Query key root, shared with the pages that change the same data. */
  queryKey: string;
  fetch: (params: ListParams) => Promise<Page<R>>;
  columns: readonly ColumnSpec<R>[];
  filters?: readonly FilterSpec[];
  /** Add/edit in a modal (declared here) or on a page of its own. */
  form?: ModalForm<R, S> | PageForm<R>;
  batch?: Partial<Record<BatchKind, (input: { ids: number[] }) => Promise<unknown>>>;
  /** The export button's download, sent the list's query without its page. */
  exportFile?: (query: ExportQuery) => Promise<DownloadResult>;
  /**
   * The page's menu code (`zdgl`): each action then needs `<menu>:<action>` (unfreeze: `:freeze`),
   * as the server's routes do. Without it only `perms` decide; an action in neither is open.
   */
  menu?: string;
  /** Permission code per action where it differs from `<menu>:<action>`. */
  perms?: Partial<Record<BatchKind | 'add' | 'modify' | 'export', string>>;
  /**
   * How a confirmation names the record ("Delete role “Course Admin”?"): the record's name
   * (default: its `name`, `title`, `realname` or `username`) and the key of the noun (`role.noun`).
   */
  recordName?: (record: R) => string;
  nounKey?: string;
  /** Label key overrides, e.g. `{ publish: 'notice.release' }`. */
  labels?: Partial<Record<BatchKind, string>>;
  /**
   * Whether a row action applies to a record: an explicit override. Without it a row carrying
   * `abilities` offers the actions whose ability (same name) is true; other rows offer all.
   */
  rowAllows?: (record: R, action: BatchKind | 'modify') => boolean;
  /** Row actions offered per record besides edit and delete. */
  rowBatch?: readonly BatchKind[];
  extraRowActions?: (record: R) => ReactNode;
  /** Batch actions beyond the standard ones (resend, mark read, reset password, ...). */
  extraBatch?: readonly ExtraBatch<R>[];
  /** Custom toolbar controls (import/export dialogs, batch department), after the batch buttons. */
  toolbar?: (ctx: ToolbarContext<R>) => ReactNode;
  /** Merged into every query and export (e.g. the organization picked in a tree); a change goes to page 1. */
  extraFilters?: Record<string, unknown>;
  /** Initial filter form values (also what reset returns to), e.g. `{ status: 'pending' }`. */
  defaultFilters?: Record<string, unknown>;
  /** Initial sort, e.g. `-createdAt`; that column shows the order. */
  defaultSort?: string;
  /** Left pane beside the table (an organization or category tree). */
  side?: ReactNode;
  sideWidth?: number;
  /** Row selection even without batch buttons (for toolbar actions on the selection). */
  selectable?: boolean;
  /**
   * A batch or row action refused by the server. Without it the client's message is all; with it
   * the page can explain and offer `retry` on fewer ids (people beyond the administrator's reach).
   */
  onActionError?: (err: unknown, ctx: ActionErrorContext<R>) => void;
  defaultSize?: number;
  /** Where paging, sort and filters live: the URL (default), under a prefix, or `false` (memory). */
  urlState?: string | false;
  testId?: string;
}

export interface ToolbarContext<R> {
  selected: number[];
  /** The selected records (those seen on any page since the selection began). */
  selectedRows: R[];
  /** The current query: paging, sort, filters and `extraFilters`. */
  params: ListParams;
  refresh(): void;
  clearSelection(): void;
  /** Removes ids from the selection. */
  deselect(ids: number[]): void;
}

export interface ActionErrorContext<R> {
  /** Batch kind or extra batch key. */
  action: string;
  ids: number[];
  /** The records of `ids` the page has seen. */
  rows: R[];
  /** Runs the same action again (no confirmation) on these ids. */
  retry(ids: number[]): void;
  /** Removes ids from the selection. */
  deselect(ids: number[]): void;
}

export interface ExtraBatch<R = unknown> {
  key: string;
  /** i18n key of the button. */
  labelKey: string;
  run: (ids: number[]) => Promise<unknown>;
  /** Permission code needed; the menu code suffices when absent. */
  perm?: string;
  danger?: boolean;
  /** i18n key of the confirmation text (gets `n`); default "n records". */
  confirmKey?: string;
  /** i18n key of the success message; default "done". */
  doneKey?: string;
  /** Also offered as a row action (with a pop-up confirmation) on the records this allows. */
  row?: boolean | ((record: R) => boolean);
}
