// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Page } from '@hanlin/shared';
import { CrudPage } from './CrudPage';
import { renderAt } from './testing/render';
import type { ListParams } from './types';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}

/** A server of 45 named rows that records every query it answers. */
function fakeServer() {
  const calls: ListParams[] = [];
  const rows: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `name-${i + 1}` }));
  const fetch = async (p: ListParams): Promise<Page<Row>> => {
    calls.push(p);
    const hit = rows.filter((r) => !p.keyword || r.name.includes(String(p.keyword)));
    const from = (p.page - 1) * p.size;
    return { records: hit.slice(from, from + p.size), total: hit.length } as Page<Row>;
  };
  return { calls, fetch, last: () => calls.at(-1)! };
}

const page = (fetch: (p: ListParams) => Promise<Page<Row>>) => () => (
  <CrudPage<Row>
    titleKey="perm.zdgl"
    queryKey="rows"
    fetch={fetch}
    columns={[{ key: 'name', titleKey: 'dict.label', sortable: true, render: (r) => <span data-testid="row-name">{r.name}</span> }]}
    filters={[{ name: 'keyword', labelKey: 'common.keyword' }]}
    defaultSize={10}
  />
);

describe('a CrudPage list keeps its state in the URL', () => {
  it('a linked URL opens on its page, sort and filter, and the filter form shows it', async () => {
    const server = fakeServer();
    renderAt('/list?page=2&sort=-name&keyword=name-1', page(server.fetch));
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    expect(server.last()).toEqual({ page: 2, size: 10, sort: '-name', keyword: 'name-1' });
    expect((screen.getByTestId('filter-keyword') as HTMLInputElement).value).toBe('name-1');
  });

  it('a search goes to the URL and survives a reload', async () => {
    const server = fakeServer();
    const first = renderAt('/list?page=3', page(server.fetch));
    await screen.findAllByTestId('row-name');
    expect(server.last().page).toBe(3);

    fireEvent.change(screen.getByTestId('filter-keyword'), { target: { value: ' name-4 ' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(first.search().get('keyword')).toBe('name-4'));
    // A new search starts on page 1 and the trimmed text is what is fetched.
    expect(first.search().get('page')).toBeNull();
    await waitFor(() => expect(server.last()).toEqual({ page: 1, size: 10, keyword: 'name-4' }));
    const url = `/list?${first.search().toString()}`;
    first.unmount();

    // "Reload": a fresh app at the same address asks the same question and shows the same rows.
    const again = fakeServer();
    renderAt(url, page(again.fetch));
    await waitFor(() => expect(again.calls.length).toBeGreaterThan(0));
    expect(again.last()).toEqual({ page: 1, size: 10, keyword: 'name-4' });
    const names = (await screen.findAllByTestId('row-name')).map((e) => e.textContent);
    expect(names).toEqual(['name-4', 'name-40', 'name-41', 'name-42', 'name-43', 'name-44', 'name-45']);
  });

  it('paging and sorting write the URL; reset clears the filter', async () => {
    const server = fakeServer();
    const view = renderAt('/list?keyword=name', page(server.fetch));
    await screen.findAllByTestId('row-name');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(view.search().get('page')).toBe('2'));
    await waitFor(() => expect(server.last().page).toBe(2));
    fireEvent.click(document.querySelector('th.ant-table-column-has-sorters')!);
    await waitFor(() => expect(view.search().get('sort')).toBe('name'));
    fireEvent.click(screen.getByTestId('crud-reset'));
    await waitFor(() => expect(view.search().get('keyword')).toBeNull());
    expect((screen.getByTestId('filter-keyword') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(server.last()).toEqual({ page: 1, size: 10, sort: 'name' }));
  });

  it('a page past the end (an old link) moves to the last page', async () => {
    const server = fakeServer();
    const view = renderAt('/list?page=9', page(server.fetch));
    await waitFor(() => expect(view.search().get('page')).toBe('5'));
    await waitFor(() => expect(server.last().page).toBe(5));
    await waitFor(() => expect(screen.queryAllByTestId('row-name').map((e) => e.textContent)).toEqual(['name-41', 'name-42', 'name-43', 'name-44', 'name-45']));
  });
});
