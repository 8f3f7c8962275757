import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { Page } from '@hanlin/shared';
import type { DownloadResult } from '../api/client';

export type SchemaObject = z.ZodObject<z.ZodRawShape>;

export interface Option {
  value: string | number;
  /** i18n key. */
  labelKey: string;
}

export interface FieldSpec {
  name: string;
  labelKey: string;
  kind?: 'text' | 'textarea' | 'number' | 'select' | 'datetime' | 'password';
  options?: readonly Option[];
  /** Custom control; receives value/onChange through Form.Item. */
  control?: ReactNode;
  testId?: string;
  placeholderKey?: string;
  extraKey?: string;
}

export interface FilterSpec {
  name: string;
  labelKey: string;
  kind?: 'text' | 'select';
  options?: readonly Option[];
  testId?: string;
}

export interface ColumnSpec<R> {
  key: keyof R & string;
  titleKey: string;
  sortable?: boolean;
  width?: number;
  render?: (record: R) => ReactNode;
}

export type BatchKind = 'delete' | 'freeze' | 'unfreeze' | 'publish' | 'unpublish';
export const DESTRUCTIVE: readonly BatchKind[] = ['delete', 'freeze'];

export interface ListParams {
  page: number;
  size: number;
  sort?: string;
  [filter: string]: unknown;
}

export interface ModalForm<R> {
  schema: SchemaObject;
  fields: readonly FieldSpec[];
  create?: (values: Record<string, unknown>) => Promise<unknown>;
  update?: (values: Record<string, unknown> & { id: number }) => Promise<unknown>;
  /** Record -> form values (defaults to the record itself). */
  toValues?: (record: R) => Record<string, unknown>;
  defaults?: Record<string, unknown>;
}

export interface PageForm<R> {
  addPath: string;
  editPath: (record: R) => string;
}

export interface CrudPageProps<R extends { id: number }> {
  titleKey: string;
  /** TanStack Query key root, shared with the pages that change the same data. */
  queryKey: string;
  fetch: (params: ListParams) => Promise<Page<R>>;
  columns: readonly ColumnSpec<R>[];
  filters?: readonly FilterSpec[];
  /** Add/edit in a modal (declared here) or on a page of its own. */
  form?: ModalForm<R> | PageForm<R>;
  batch?: Partial<Record<BatchKind, (input: { ids: number[] }) => Promise<unknown>>>;
  exportFile?: (params: ListParams) => Promise<DownloadResult>;
  /** Permission code per action, e.g. `{ add: 'zdgl:add' }`; missing means the menu code suffices. */
  perms?: Partial<Record<BatchKind | 'add' | 'modify' | 'export', string>>;
  /** Label key overrides, e.g. `{ publish: 'notice.release' }`. */
  labels?: Partial<Record<BatchKind, string>>;
  /** Whether a row action applies to a record (state or `abilities`); default: always. */
  rowAllows?: (record: R, action: BatchKind | 'modify') => boolean;
  /** Row actions offered per record besides edit and delete. */
  rowBatch?: readonly BatchKind[];
  extraRowActions?: (record: R) => ReactNode;
  /** Batch actions beyond the standard ones (resend, mark read, reset password, ...). */
  extraBatch?: readonly ExtraBatch[];
  defaultSize?: number;
  testId?: string;
}

export interface ExtraBatch {
  key: string;
  /** i18n key of the button. */
  labelKey: string;
  run: (ids: number[]) => Promise<unknown>;
  /** Permission code needed; the menu code suffices when absent. */
  perm?: string;
  danger?: boolean;
}
