import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';
import type { Page } from '@hanlin/shared';
import type { ListState } from './useList';

/**
 * The antd Table props of a kernel list: its rows, loading state, paging with the total and size
 * changer, sorting through `onTableChange`, and (when `selectable`) a selection kept across pages.
 */
export function listTableProps<R extends { id: number }>(list: ListState<R>, t: TFunction, selectable: boolean): TableProps<R> {
  return {
    rowKey: 'id',
    loading: list.query.isFetching,
    dataSource: list.records,
    onChange: list.onTableChange,
    scroll: { x: 'max-content' },
    rowSelection: selectable ? { selectedRowKeys: list.selected, preserveSelectedRowKeys: true, onChange: (keys, rows) => list.select(keys.map(Number), rows) } : undefined,
    pagination: { current: list.params.page, pageSize: list.params.size, total: list.total, showSizeChanger: true, showTotal: (n) => t('common.total', { n }) },
  };
}

/** A page of rows keyed by another field (a person's `userId`, a course's `courseId`), copied into the `id` a list keys its rows by. */
export function keyedBy<K extends string, R extends Record<K, number>>(key: K, page: Page<R>): Page<R & { id: number }> {
  return { records: page.records.map((r) => ({ ...r, id: r[key] })), total: page.total, page: page.page, size: page.size };
}
