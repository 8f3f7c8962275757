import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { readListState, toFilterValues, writeListState } from './list-state';
import type { FilterSpec } from './types';

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword' },
  {
    name: 'status',
    labelKey: 'common.status',
    kind: 'select',
    options: [
      { value: 'pending', labelKey: 'x' },
      { value: 'done', labelKey: 'y' },
    ],
  },
  { name: 'labelId', labelKey: 'x', kind: 'select' },
  { name: 'read', labelKey: 'x', kind: 'boolean' },
  { name: 'created', labelKey: 'x', kind: 'daterange' },
];
const defaults = { size: 20, sort: '-createdAt', filters: { status: 'pending' } };

describe('list state in the URL', () => {
  it('an empty URL gives the defaults', () => {
    expect(readListState(new URLSearchParams(), filters, defaults)).toEqual({ page: 1, size: 20, sort: '-createdAt', status: 'pending' });
  });

  it('reads back what it wrote, typed as the filters declare', () => {
    const params = { page: 3, size: 50, sort: 'name', keyword: '张', status: 'done', labelId: 7, read: false, createdFrom: '2026-01-01T00:00:00.000Z' };
    const url = writeListState(new URLSearchParams('other=1'), params, filters, defaults);
    expect(url.get('other')).toBe('1');
    expect(readListState(new URLSearchParams(url.toString()), filters, defaults)).toEqual(params);
  });

  it('writes only what differs from the defaults, and a cleared default as empty', () => {
    const url = writeListState(new URLSearchParams(), { page: 1, size: 20, sort: undefined }, filters, defaults);
    expect(url.toString()).toBe('sort=&status=');
    expect(readListState(url, filters, defaults)).toEqual({ page: 1, size: 20, sort: undefined });
  });

  it('ignores a nonsense page or size and keeps two lists apart by prefix', () => {
    const url = new URLSearchParams('page=-2&size=abc&a.page=4&a.keyword=x');
    expect(readListState(url, filters, defaults)).toMatchObject({ page: 1, size: 20 });
    expect(readListState(url, filters, defaults, 'a.')).toMatchObject({ page: 4, keyword: 'x' });
  });

  it('gives the filter form its values back, date ranges as days', () => {
    const v = toFilterValues(filters, { keyword: 'k', read: true, createdFrom: '2026-03-01T00:00:00.000Z' });
    expect(v.keyword).toBe('k');
    expect(v.read).toBe('true');
    const [from, to] = v.created as [dayjs.Dayjs, null];
    expect(from.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(to).toBeNull();
  });
});
