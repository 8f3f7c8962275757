// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Feedback } from '../components/Feedback';
import type { Page } from '@hanlin/shared';
import { CrudPage } from './CrudPage';
import { RowActions, type RowAction } from './RowActions';
import { renderAt } from './testing/render';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  abilities?: { modify: boolean; delete: boolean };
}

const done: string[] = [];
const actions: RowAction<Row>[] = [
  { key: 'modify', label: 'edit', run: (r) => done.push(`modify ${r.id}`) },
  { key: 'delete', label: 'delete', run: (r) => done.push(`delete ${r.id}`) },
];
const shown = () => screen.queryAllByTestId(/^crud-row-/).map((e) => e.getAttribute('data-testid'));
const show = (record: Row, list: RowAction<Row>[] = actions) =>
  render(
    <>
      <Feedback />
      <RowActions record={record} actions={list} />
    </>,
  );

describe('RowActions', () => {
  it('a row carrying abilities offers only what they allow', () => {
    show({ id: 1, name: 'a', abilities: { modify: true, delete: false } });
    expect(shown()).toEqual(['crud-row-modify']);
    fireEvent.click(screen.getByTestId('crud-row-modify'));
    expect(done).toContain('modify 1');
  });

  it('a row without abilities offers every action', () => {
    show({ id: 2, name: 'b' });
    expect(shown()).toEqual(['crud-row-modify', 'crud-row-delete']);
  });

  it('an explicit override decides instead of the abilities', () => {
    show({ id: 3, name: 'c', abilities: { modify: false, delete: false } }, [
      { ...actions[0]!, allowed: (r) => r.name === 'c' },
      { ...actions[1]!, ability: false },
    ]);
    expect(shown()).toEqual(['crud-row-modify', 'crud-row-delete']);
  });

  it('asks before a confirmed action and runs it on confirmation', async () => {
    show({ id: 4, name: 'd' }, [{ ...actions[1]!, confirm: true, danger: true }]);
    fireEvent.click(screen.getByTestId('crud-row-delete'));
    expect(done).not.toContain('delete 4');
    fireEvent.click(await screen.findByTestId('crud-popconfirm-ok'));
    await waitFor(() => expect(done).toContain('delete 4'));
  });

  it('beyond two actions shows one link and puts the rest under "more", confirmed ones asking first', async () => {
    const four: RowAction<Row>[] = [
      ...actions,
      { key: 'freeze', label: 'freeze', confirm: true, danger: true, run: (r) => done.push(`freeze ${r.id}`) },
      { key: 'reset', label: 'reset', run: (r) => done.push(`reset ${r.id}`) },
    ];
    show({ id: 5, name: 'e' }, four);
    expect(shown()).toEqual(['crud-row-modify', 'crud-row-more']);
    fireEvent.click(screen.getByTestId('crud-row-more'));
    fireEvent.click(await screen.findByTestId('crud-row-reset'));
    expect(done).toContain('reset 5');
    fireEvent.click(screen.getByTestId('crud-row-more'));
    fireEvent.click(await screen.findByTestId('crud-row-freeze'));
    expect(done).not.toContain('freeze 5');
    fireEvent.click(await screen.findByTestId('crud-popconfirm-ok'));
    await waitFor(() => expect(done).toContain('freeze 5'));
  });
});

describe('CrudPage rows', () => {
  const rows: Row[] = [
    { id: 1, name: 'locked', abilities: { modify: false, delete: false } },
    { id: 2, name: 'open', abilities: { modify: true, delete: true } },
  ];
  const fetch = async () => ({ records: rows, total: rows.length }) as Page<Row>;
  const actionsOf = (name: string) =>
    Array.from(screen.getByText(name).closest('tr')!.querySelectorAll('[data-testid^="crud-row-"]')).map((e) => e.getAttribute('data-testid'));

  it('obey the abilities the server sent', async () => {
    renderAt('/list', () => (
      <CrudPage<Row>
        titleKey="perm.zdgl"
        queryKey="abilities"
        fetch={fetch}
        columns={[{ key: 'name', titleKey: 'dict.label' }]}
        batch={{ delete: async () => undefined }}
        form={{ addPath: '/add', editPath: () => '/edit' }}
      />
    ));
    await screen.findByText('open');
    expect(actionsOf('locked')).toEqual([]);
    expect(actionsOf('open')).toEqual(['crud-row-edit', 'crud-row-delete']);
  });

  it("or the page's rowAllows when it gives one", async () => {
    renderAt('/list', () => (
      <CrudPage<Row>
        titleKey="perm.zdgl"
        queryKey="abilities-override"
        fetch={fetch}
        columns={[{ key: 'name', titleKey: 'dict.label' }]}
        batch={{ delete: async () => undefined }}
        rowAllows={(r, a) => a === 'delete' && r.name === 'locked'}
      />
    ));
    await screen.findByText('open');
    expect(actionsOf('locked')).toEqual(['crud-row-delete']);
    expect(actionsOf('open')).toEqual([]);
  });

  it('a confirmation names the record it acts on', async () => {
    renderAt('/list', () => (
      <CrudPage<Row>
        titleKey="perm.rzjs"
        queryKey="named-confirm"
        fetch={fetch}
        columns={[{ key: 'name', titleKey: 'dict.label' }]}
        batch={{ delete: async () => undefined }}
        nounKey="role.noun"
      />
    ));
    await screen.findByText('open');
    fireEvent.click(screen.getByText('open').closest('tr')!.querySelector('[data-testid="crud-row-delete"]')!);
    await screen.findByText('确定要删除角色「open」吗？');
  });

  it('keeps a batch the selected rows do not allow disabled, saying why, instead of letting the server answer 409', async () => {
    const approved: number[][] = [];
    renderAt('/list', () => (
      <CrudPage<Row>
        titleKey="perm.zdgl"
        queryKey="abilities-batch"
        fetch={fetch}
        columns={[{ key: 'name', titleKey: 'dict.label' }]}
        extraBatch={[{ key: 'approve', labelKey: 'common.confirm', run: async (ids) => void approved.push(ids), row: (r) => r.name === 'open' }]}
      />
    ));
    await screen.findByText('open');
    const tick = (name: string) => fireEvent.click(screen.getByText(name).closest('tr')!.querySelector('input[type="checkbox"]')!);
    tick('locked');
    tick('open');
    await waitFor(() => expect(screen.getByTestId('crud-batch-approve')).toHaveProperty('disabled', true));
    expect(screen.getByTestId('crud-batch-approve-blocked')).toBeTruthy();
    tick('locked');
    await waitFor(() => expect(screen.getByTestId('crud-batch-approve')).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('crud-batch-approve-blocked')).toBeNull();
  });
});
