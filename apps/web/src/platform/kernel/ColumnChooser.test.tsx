// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Page } from '@hanlin/shared';
import { CrudPage } from './CrudPage';
import { columnStoreKey, shownByDefault } from './ColumnChooser';
import { renderAt } from './testing/render';
import type { ColumnSpec } from './types';

interface Row {
  id: number;
  name: string;
  email: string;
  agent: string;
}

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const rows: Row[] = [{ id: 1, name: 'Ann', email: 'ann@example.com', agent: AGENT }];
const columns: ColumnSpec<Row>[] = [
  { key: 'name', titleKey: 'user.realname' },
  { key: 'email', titleKey: 'user.email', priority: 'low' },
  { key: 'agent', titleKey: 'audit.userAgent', ellipsis: true, width: 200 },
];
const page = (queryKey: string) => () => (
  <CrudPage<Row> titleKey="perm.zdgl" queryKey={queryKey} fetch={async () => ({ records: rows, total: 1 }) as Page<Row>} columns={columns} />
);
const headers = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);

describe('column priorities and the column chooser', () => {
  it('low priority columns give way below 1600 px, medium ones below 1200 px', () => {
    expect(shownByDefault('low', { xl: true, xxl: false })).toBe(false);
    expect(shownByDefault('low', { xl: true, xxl: true })).toBe(true);
    expect(shownByDefault('medium', { xl: true, xxl: false })).toBe(true);
    expect(shownByDefault('medium', { xl: false })).toBe(false);
    expect(shownByDefault(undefined, {})).toBe(true);
  });

  it('a hidden column is shown through the chooser, and the choice is remembered for that list', async () => {
    localStorage.clear();
    const view = renderAt('/list', page('chooser'));
    await screen.findByText('Ann');
    // happy-dom's window is 1024 px wide: the low-priority e-mail column gives way.
    expect(headers()).not.toContain('邮箱');
    fireEvent.click(screen.getByTestId('crud-columns'));
    fireEvent.click((await screen.findByTestId('crud-column-email')).querySelector('input')!);
    await waitFor(() => expect(headers()).toContain('邮箱'));
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(columnStoreKey('chooser'))!)).toEqual({ email: true });
    view.unmount();

    // Another visit of the same list shows it again; another list keeps its own defaults.
    renderAt('/list', page('chooser'));
    await screen.findByText('ann@example.com');
    fireEvent.click(screen.getByTestId('crud-columns'));
    fireEvent.click((await screen.findByTestId('crud-column-name')).querySelector('input')!);
    await waitFor(() => expect(headers()).not.toContain('姓名'));
    fireEvent.click(screen.getByTestId('crud-columns-reset'));
    await waitFor(() => expect(headers()).toContain('姓名'));
    expect(localStorage.getItem(columnStoreKey('chooser'))).toBeNull();
  });

  it('long text is cut to its column on one line, the whole of it in a tooltip', async () => {
    localStorage.clear();
    renderAt('/list', page('ellipsis'));
    const cell = await screen.findByTestId('cell-ellipsis-agent');
    expect(cell.style.textOverflow).toBe('ellipsis');
    expect(cell.style.whiteSpace).toBe('nowrap');
    expect(cell.style.maxWidth).toBe('200px');
    fireEvent.mouseEnter(cell);
    await waitFor(() => expect(document.querySelector('.ant-tooltip')?.textContent).toBe(AGENT));
  });
});
