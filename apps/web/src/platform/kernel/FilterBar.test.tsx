// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FilterBar } from './FilterBar';
import type { FilterSpec } from './types';
import './testing/render';

afterEach(cleanup);

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword' },
  { name: 'type', labelKey: 'dict.type', testId: 'filter-type' },
];
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('FilterBar', () => {
  it('searches with what was typed, and shows labels from the catalogue', async () => {
    const searched: Record<string, unknown>[] = [];
    render(<FilterBar filters={filters} values={{}} onSearch={(v) => searched.push(v)} onReset={() => undefined} />);
    expect(screen.getByText('字典类型')).toBeTruthy();
    fireEvent.change(input('filter-keyword'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(searched).toEqual([{ keyword: 'abc', type: undefined }]));
  });

  it('shows new values when the list state changes (a link, back/forward)', async () => {
    const view = render(<FilterBar filters={filters} values={{ keyword: 'one' }} onSearch={() => undefined} onReset={() => undefined} />);
    expect(input('filter-keyword').value).toBe('one');
    view.rerender(<FilterBar filters={filters} values={{ keyword: 'two', type: 'sex' }} onSearch={() => undefined} onReset={() => undefined} />);
    await waitFor(() => expect(input('filter-keyword').value).toBe('two'));
    expect(input('filter-type').value).toBe('sex');
  });

  it('reset shows the defaults at once and reports it', async () => {
    let resets = 0;
    render(<FilterBar filters={filters} values={{ keyword: 'x' }} defaults={{ type: 'sex' }} onSearch={() => undefined} onReset={() => resets++} />);
    fireEvent.change(input('filter-keyword'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByTestId('crud-reset'));
    expect(resets).toBe(1);
    await waitFor(() => expect(input('filter-keyword').value).toBe(''));
    expect(input('filter-type').value).toBe('sex');
  });

  it('a filter with its own control gets the value and reports its changes', async () => {
    const searched: Record<string, unknown>[] = [];
    const Pick = ({ value, onChange }: { value?: number; onChange?: (v: number) => void }) => (
      <button type="button" data-testid="pick" onClick={() => onChange?.(7)}>
        {String(value ?? 'none')}
      </button>
    );
    const own: FilterSpec[] = [{ name: 'positionId', labelKey: 'common.keyword', control: <Pick /> }];
    render(<FilterBar filters={own} values={{ positionId: 3 }} onSearch={(v) => searched.push(v)} onReset={() => undefined} />);
    expect(screen.getByTestId('pick').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('pick'));
    await waitFor(() => expect(screen.getByTestId('pick').textContent).toBe('7'));
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(searched).toEqual([{ positionId: 7 }]));
  });
});
