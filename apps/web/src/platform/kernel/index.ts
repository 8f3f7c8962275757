export { CrudPage, tableColumns } from './CrudPage';
export { SchemaForm, readForm, toFormValues, defineFields } from './SchemaForm';
export { rulesFor, isRequired, maxLengthOf, issueText } from '../forms/zod-rules';
export type * from './types';
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export {
  useRecordEditor,
  RecordEditorCard,
  SaveAndPublishButtons,
  type RecordEditor,
  type RecordEditorOptions,
  type RecordEditorCardProps,
  type SaveAndPublishProps,
} from './RecordEditor';
export { RowEditDelete, type RowEditDeleteProps } from './RowEditDelete';
export { useList, type UseListOptions, type ListState } from './useList';
export { FilterBar, type FilterBarProps } from './FilterBar';
export { BatchToolbar, type BatchAction, type BatchToolbarProps } from './BatchToolbar';
export { RowActions, rowAllows, type RowAction, type RowActionsProps } from './RowActions';
export { EditModal, type EditModalProps } from './EditModal';
export { readListState, writeListState, toQuery, toFilterValues, type ListDefaults } from './list-state';
export { sortableIn, timeColumn, choiceFilter, booleanFilter, enumFilter, personColumns } from './columns';
export { statusColumn, statusFilter, publishableActions } from './lifecycle-columns';
export { pictureColumn } from './picture-column';
export { listTableProps, keyedBy } from './list-table';
export { useLeaveGuard, useFormPage, type LeaveGuard } from './useLeaveGuard';
export { ColumnChooser, useColumnChoice, shownByDefault, columnStoreKey, type ColumnChoice } from './ColumnChooser';
