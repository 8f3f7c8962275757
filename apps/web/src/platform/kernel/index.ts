export { CrudPage } from './CrudPage';
export { SchemaForm, readForm, toFormValues } from './SchemaForm';
export { rulesFor, isRequired, maxLengthOf, issueText } from '../forms/zod-rules';
export type * from './types';
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export { useRecordEditor, RecordEditorCard, type RecordEditor, type RecordEditorOptions, type RecordEditorCardProps } from './RecordEditor';
export { RowEditDelete, type RowEditDeleteProps } from './RowEditDelete';
