import { required } from '@hanlin/shared';
import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Row, Table, Tooltip, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { fieldOf } from '../field-of';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveDownload } from '../api/client';
import { can } from '../permission';
import { useSession } from '../session';
import { BatchToolbar, type BatchAction } from './BatchToolbar';
import { EditModal } from './EditModal';
import { FilterBar } from './FilterBar';
import { RowActions, type RowAction } from './RowActions';
import { useList } from './useList';
import { ColumnChooser, useColumnChoice } from './ColumnChooser';
import { listTableProps } from './list-table';
import { DESTRUCTIVE, type BatchKind, type ColumnSpec, type CrudPageProps, type ExtraBatch, type ListParams, type ModalForm, type PageForm, type SchemaObject } from './types';
import { useFeedback } from '../feedback';

const BATCH_ORDER: readonly BatchKind[] = ['publish', 'unpublish', 'freeze', 'unfreeze', 'delete'];

function isModalForm<R, S extends SchemaObject>(f: ModalForm<R, S> | PageForm<R> | undefined): f is ModalForm<R, S> {
  return !!f && 'schema' in f;
}

interface Action {
  action: string;
  ids: number[];
  exec: (ids: number[]) => Promise<unknown>;
  doneKey?: string;
}

/** The name a confirmation shows for a record: its name, title, real name or user name. */
function defaultRecordName(r: unknown): string {
  const v = ['name', 'title', 'realname', 'username'].map((k) => fieldOf(r, k)).find((x) => typeof x === 'string' && x.trim());
  return typeof v === 'string' ? v : '';
}

const ELLIPSIS_WIDTH = 240;

/** A long text cut to its column's width on one line, the whole of it in a tooltip. */
function ellipsisCell<R>(c: ColumnSpec<R>, r: R) {
  const raw = r[c.key];
  const content = c.render ? c.render(r) : (raw as ReactNode);
  const width = c.width ?? ELLIPSIS_WIDTH;
  return (
    <Tooltip title={typeof content === 'string' || typeof content === 'number' || typeof raw !== 'string' ? content : raw} placement="topLeft">
      <span data-testid={`cell-ellipsis-${c.key}`} style={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {content}
      </span>
    </Tooltip>
  );
}

/**
 * The header of a column of fixed width: it wraps within the width (lists scroll at max-content, where a header
 * would otherwise widen its column to its whole text on one line), a word too long for it is cut, the whole title on hover.
 */
function cutTitle(text: string, width: number, sortable: boolean) {
  // As wide as the column's cut cells (`width` is their content's width), less the sorter's arrows.
  const room = Math.max(24, width - (sortable ? 16 : 0));
  return (
    <span
      title={text}
      style={{
        display: 'inline-block',
        maxWidth: room,
        whiteSpace: 'normal',
        overflowWrap: 'normal',
        wordBreak: 'normal',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        verticalAlign: 'middle',
      }}
    >
      {text}
    </span>
  );
}

/** antd columns of the column specs, the sorted one showing its order. */
export function tableColumns<R>(specs: readonly ColumnSpec<R>[], sort: string | undefined, t: (k: string) => string) {
  const order = (key: string) => (sort === key ? 'ascend' : sort === `-${key}` ? 'descend' : null);
  return specs.map((c): TableColumnType<R> => {
    const { render } = c;
    return {
      key: c.key,
      dataIndex: c.key,
      title: c.ellipsis ? cutTitle(t(c.titleKey), c.width ?? ELLIPSIS_WIDTH, !!c.sortable) : t(c.titleKey),
      sorter: c.sortable ? true : undefined,
      sortOrder: c.sortable ? order(c.key) : undefined,
      width: c.width ?? (c.ellipsis ? ELLIPSIS_WIDTH : undefined),
      ellipsis: c.ellipsis ? { showTitle: false } : undefined,
      render: c.ellipsis ? (_: unknown, r: R) => ellipsisCell(c, r) : render ? (_: unknown, r: R) => render(r) : undefined,
    };
  });
}

/**
 * The management list page as one declaration: a composition of `useList` (paging, sort and
 * filters in the URL), FilterBar, BatchToolbar, RowActions and EditModal, with the page's
 * permission codes applied. Pages needing another layout compose those parts themselves.
 */
export function CrudPage<R extends { id: number }, S extends SchemaObject = SchemaObject>(props: CrudPageProps<R, S>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const granted = useSession((s) => s.operateAuth);
  const allowed = (k: BatchKind | 'add' | 'modify' | 'export') => {
    const code = props.perms?.[k] ?? (props.menu ? `${props.menu}:${k === 'unfreeze' ? 'freeze' : k}` : undefined);
    return !code || can(granted, code);
  };
  const list = useList<R>({
    queryKey: props.queryKey,
    fetch: props.fetch,
    filters: props.filters,
    defaultFilters: props.defaultFilters,
    defaultSort: props.defaultSort,
    defaultSize: props.defaultSize,
    extraFilters: props.extraFilters,
    url: props.urlState,
  });
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const columnChoice = useColumnChoice(props.queryKey, props.columns);

  const act = useMutation({
    mutationFn: (a: Action) => a.exec(a.ids),
    onSuccess: async (_d, a) => {
      message.success(t(a.doneKey ?? 'common.done'));
      list.clearSelection();
      await list.refresh();
    },
    onError: (err, a) =>
      props.onActionError?.(err, {
        action: a.action,
        ids: a.ids,
        rows: list.rowsOf(a.ids),
        retry: (ids) => act.mutate({ ...a, ids }),
        deselect: list.deselect,
      }),
  });
  const exporting = useMutation({
    mutationFn: ({ page: _p, size: _s, ...query }: ListParams) => required(props.exportFile, 'exportFile')(query),
    onSuccess: saveDownload,
  });

  const label = (k: BatchKind) => t(props.labels?.[k] ?? `common.${k}`);
  const standard = (kind: BatchKind): Omit<Action, 'ids'> => ({ action: kind, exec: (ids) => required(props.batch?.[kind], `batch.${kind}`)({ ids }) });
  const custom = (x: ExtraBatch<R>): Omit<Action, 'ids'> => ({ action: x.key, exec: x.run, doneKey: x.doneKey });

  const modalForm = isModalForm(props.form) ? props.form : null;
  function openEdit(record: R | 'new') {
    if (modalForm) setEditing(record);
    else if (props.form && !isModalForm(props.form)) void navigate(record === 'new' ? props.form.addPath : props.form.editPath(record));
  }

  const batchKinds = BATCH_ORDER.filter((k) => props.batch?.[k] && allowed(k));
  const rowKinds = (props.rowBatch ?? ['delete']).filter((k) => props.batch?.[k] && allowed(k));
  const extras = (props.extraBatch ?? []).filter((x) => !x.perm || can(granted, x.perm));
  const rowExtras = extras.filter((x) => x.row);
  const canEdit = !!props.form && allowed('modify') && (modalForm ? !!modalForm.update : true);
  const canAdd = !!props.form && allowed('add') && (modalForm ? !!modalForm.create : true);
  const canSelect = batchKinds.length > 0 || extras.length > 0 || !!props.selectable;

  // A row's confirmation names it: "Delete role “Course Admin”?".
  const nameOf = props.recordName ?? defaultRecordName;
  const namedConfirm = (action: string) => (r: R) => {
    const name = nameOf(r);
    if (!name) return t('common.confirmTitle', { action });
    return props.nounKey ? t('common.confirmNamedNoun', { action, noun: t(props.nounKey), name }) : t('common.confirmNamed', { action, name });
  };
  // Row actions: edit, state actions, extra ones, delete last. `rowAllows` overrides abilities.
  const { rowAllows } = props;
  const override = (k: BatchKind | 'modify') => (rowAllows ? (r: R) => rowAllows(r, k) : undefined);
  const kindAction = (k: BatchKind): RowAction<R> => ({
    key: k,
    label: label(k),
    danger: DESTRUCTIVE.includes(k),
    confirm: true,
    confirmTitle: namedConfirm(label(k)),
    allowed: override(k),
    run: (r) => act.mutateAsync({ ...standard(k), ids: [r.id] }),
  });
  const rowActions: RowAction<R>[] = [
    ...(canEdit ? [{ key: 'modify', label: t('common.edit'), testId: 'crud-row-edit', allowed: override('modify'), run: (r: R) => openEdit(r) }] : []),
    ...rowKinds.filter((k) => k !== 'delete').map(kindAction),
    ...rowExtras.map<RowAction<R>>((x) => ({
      key: x.key,
      label: t(x.labelKey),
      danger: !!x.danger,
      confirm: x.confirmKey ? t(x.confirmKey, { n: 1 }) : true,
      confirmTitle: namedConfirm(t(x.labelKey)),
      allowed: typeof x.row === 'function' ? x.row : undefined,
      run: (r) => act.mutateAsync({ ...custom(x), ids: [r.id] }),
    })),
    ...(rowKinds.includes('delete') ? [kindAction('delete')] : []),
  ];

  const columns = tableColumns(columnChoice.visible, list.params.sort, t);
  if (rowActions.length || props.extraRowActions) {
    columns.push({
      key: '__actions',
      title: t('common.actions'),
      fixed: 'right',
      render: (_: unknown, r: R) => <RowActions record={r} actions={rowActions} extra={props.extraRowActions ? <span key="extra">{props.extraRowActions(r)}</span> : null} />,
    });
  }

  // An extra batch (approve, submit …) the selected rows' abilities refuse is not offered: the button says why instead
  // of a bare 409. Standard batches keep going to the server, whose refusals some pages turn into prompts (people).
  const blockedBy = (action: string, allows?: (r: R) => boolean) => {
    const n = allows ? list.selectedRows.filter((r) => !allows(r)).length : 0;
    return n ? t('common.batchNotAllowed', { n, action }) : undefined;
  };
  const batchActions: BatchAction[] = [
    ...batchKinds.map((k) => ({
      key: k,
      label: label(k),
      danger: DESTRUCTIVE.includes(k),
      run: () => act.mutateAsync({ ...standard(k), ids: list.selected }),
    })),
    ...extras.map((x) => ({
      key: x.key,
      label: t(x.labelKey),
      danger: x.danger,
      confirm: t(x.confirmKey ?? 'common.confirmCount', { n: list.selected.length }),
      blocked: blockedBy(t(x.labelKey), typeof x.row === 'function' ? x.row : undefined),
      run: () => act.mutateAsync({ ...custom(x), ids: list.selected }),
    })),
  ];

  let toolbarExtra: ReactNode = null;
  if (props.toolbar)
    toolbarExtra = (
      // One flex row, so a toolbar component's several buttons line up with the others.
      <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
        {props.toolbar({
          selected: list.selected,
          selectedRows: list.selectedRows,
          params: list.queryParams,
          refresh: () => void list.refresh(),
          clearSelection: list.clearSelection,
          deselect: list.deselect,
        })}
      </span>
    );

  const main = (
    <>
      {props.filters?.length ? (
        <FilterBar filters={props.filters} values={list.filterValues} defaults={props.defaultFilters} onSearch={list.applyFilters} onReset={list.resetFilters} />
      ) : null}
      <BatchToolbar
        selectedCount={list.selected.length}
        actions={batchActions}
        leading={
          canAdd ? (
            <Button type="primary" data-testid="crud-add" onClick={() => openEdit('new')}>
              {t('common.add')}
            </Button>
          ) : null
        }
      >
        {toolbarExtra}
        {props.exportFile && allowed('export') ? (
          <Button data-testid="crud-batch-export" loading={exporting.isPending} onClick={() => exporting.mutate(list.queryParams)}>
            {t('common.export')}
          </Button>
        ) : null}
        <ColumnChooser choice={columnChoice} />
      </BatchToolbar>
      <Table<R> columns={columns} {...listTableProps(list, t, canSelect)} />
    </>
  );

  return (
    <Card data-testid={props.testId ?? 'crud-page'}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(props.titleKey)}
      </Typography.Title>
      {props.side ? (
        <Row gutter={16} wrap={false}>
          <Col flex={`${props.sideWidth ?? 260}px`} style={{ borderRight: '1px solid rgba(5,5,5,0.06)', minWidth: 0 }}>
            {props.side}
          </Col>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {main}
          </Col>
        </Row>
      ) : (
        main
      )}
      {modalForm ? (
        <EditModal
          open={editing !== null}
          title={t(editing === 'new' ? 'common.add' : 'common.edit')}
          schema={modalForm.schema}
          fields={modalForm.fields}
          initialValues={editing && editing !== 'new' ? (modalForm.toValues?.(editing) ?? editing) : modalForm.defaults}
          onSubmit={(values) =>
            editing && editing !== 'new' ? required(modalForm.update, 'form.update')({ ...values, id: editing.id }) : required(modalForm.create, 'form.create')(values)
          }
          onSaved={() => {
            setEditing(null);
            void list.refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
