import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Empty, List, Pagination, Space, Spin } from 'antd';
import type { Page } from '@hanlin/shared';

const SIZE = 10;

/** A portal list's page number and its query (under `queryKey` and the page), ten items a page. */
export function usePagedQuery<T>(queryKey: QueryKey, fetch: (paging: { page: number; size: number }) => Promise<Page<T>>, options: { enabled?: boolean } = {}) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: [...queryKey, page], queryFn: () => fetch({ page, size: SIZE }), enabled: options.enabled });
  return { page, setPage, query };
}

export interface PagedListProps<T> {
  /** The list's page and query: a spinner while it loads, `emptyText` when it holds nothing. */
  paged: ReturnType<typeof usePagedQuery<T>>;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}

/** A portal list read a page at a time: the items, and below them the pages when there is more than one. */
export function PagedList<T extends { id: number }>({ paged: { page, setPage, query }, emptyText, renderItem }: PagedListProps<T>) {
  if (query.isLoading) return <Spin />;
  if (!query.data?.records.length) return <Empty description={emptyText} />;
  return (
    <>
      <List dataSource={query.data.records} rowKey="id" renderItem={renderItem} />
      {query.data.total > SIZE && <Pagination size="small" current={page} pageSize={SIZE} total={query.data.total} onChange={setPage} style={{ marginTop: 12 }} />}
    </>
  );
}

export interface PagedListItemProps {
  testId: string;
  /** The item's picture: a cover image when there is one, else `icon`. */
  cover?: string | null;
  icon: ReactNode;
  /** Space between the text and the action (default 12). */
  gap?: number;
  /** Long words of the text break anywhere (names without spaces on a 390 px screen). */
  breakWords?: boolean;
  /** On the right, below the text when the screen is narrow. */
  action: ReactNode;
  children: ReactNode;
}

/** One item of a portal list: its picture, the text beside it and the item's action. */
export function PagedListItem({ testId, cover, icon, gap = 12, breakWords = false, action, children }: PagedListItemProps) {
  return (
    <List.Item data-testid={testId} style={{ flexWrap: 'wrap', gap }}>
      <Space align="start" style={{ flex: '1 1 240px', minWidth: 0 }}>
        {cover ? <img src={cover} alt="" style={{ width: 72, height: 50, objectFit: 'cover', borderRadius: 4 }} /> : icon}
        <div style={breakWords ? { minWidth: 0, overflowWrap: 'anywhere' } : { minWidth: 0 }}>{children}</div>
      </Space>
      {action}
    </List.Item>
  );
}
