import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_LIFECYCLE, USER_SORT_KEYS, type UserRow, isOneOf } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { formatTime } from '../../../platform/format';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { useCan } from '../../../platform/permission';
import { CrudPage, ImportDialog, type ColumnSpec, type ExtraBatch, type FilterSpec, type ToolbarContext } from '../../../platform/kernel';
import { OrgFilterTree, OrgTreeSelect } from '../../orgs/index';
import { PositionSelect } from '../../positions/index';
import type { PeopleConfig } from '../people-kinds';
import { beyondOf, errorText } from '../../../platform/api/beyond';
import { useFeedback } from '../../../platform/feedback';
import { BuiltinName } from '../../../platform/builtin';

export function UserStatusTag({ status }: { status: string }) {
  return <LifecycleTag lifecycle={USER_LIFECYCLE} state={status} testId={`user-status-${status}`} />;
}

const sortable = (k: string) => isOneOf(USER_SORT_KEYS, k);

const FILTERS: readonly FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', placeholderKey: 'user.keywordHint' },
  { name: 'status', labelKey: 'common.status', kind: 'select', width: 140, options: lifecycleOptions(USER_LIFECYCLE) },
  { name: 'positionId', labelKey: 'user.post', kind: 'select', control: <PositionSelect testId="filter-positionId" style={{ width: 160 }} /> },
];

function columnsOf(cfg: PeopleConfig): ColumnSpec<UserRow>[] {
  return [
    { key: 'cardNumber', titleKey: cfg.cardKey, priority: 'low', ellipsis: true, width: 130 },
    {
      key: 'username',
      titleKey: 'user.username',
      sortable: sortable('username'),
      ellipsis: true,
      width: 96,
      render: (r) => <span data-testid={`${cfg.prefix}-row-username`}>{r.username}</span>,
    },
    { key: 'realname', titleKey: 'user.realname', sortable: sortable('realname'), ellipsis: true, width: 84, render: (r) => <BuiltinName text={r.realname} /> },
    { key: 'orgName', titleKey: 'user.org', ellipsis: true, width: 104, render: (r) => <BuiltinName text={r.orgName} /> },
    { key: 'positionName', titleKey: 'user.post', priority: 'low' },
    // Phone and e-mail stay in view at 1440 px (issue 18 point 18): narrow, cut with the whole text in a tooltip.
    { key: 'phone', titleKey: 'user.phone', ellipsis: true, width: 104 },
    { key: 'email', titleKey: 'user.email', ellipsis: true, width: 116 },
    {
      key: 'roles',
      titleKey: 'user.roles',
      priority: 'low',
      render: (r) =>
        r.roles.map((x) => (
          <Tag key={x}>
            <BuiltinName text={x} />
          </Tag>
        )),
    },
    { key: 'status', titleKey: 'common.status', render: (r) => <UserStatusTag status={r.status} /> },
    { key: 'createdAt', titleKey: 'common.createdAt', priority: 'low', sortable: sortable('createdAt'), render: (r) => formatTime(r.createdAt) },
  ];
}

/** A row offers what the server's `abilities` allow (self, the seeded admin, status, users holding more than the caller). */
const rowAllows = (r: UserRow, action: string) => {
  const a = r.abilities;
  return action === 'freeze' || action === 'unfreeze' || action === 'delete' || action === 'modify' ? a[action] : true;
};

type Retry = { ids: number[]; rows: UserRow[]; retry: (ids: number[]) => void; deselect: (ids: number[]) => void };

/** Spec: people beyond the administrator's authority trigger a replace prompt (the calls are silent). */
function useBeyondPrompt() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  return (e: unknown, { ids, rows, retry, deselect }: Retry) => {
    const beyond = beyondOf(e);
    if (!beyond) {
      message.error(errorText(e));
      return;
    }
    const rest = ids.filter((id) => !beyond.includes(id));
    const names = rows.filter((r) => beyond.includes(r.id)).map((r) => r.realname);
    modal.confirm({
      title: t('user.beyondTitle'),
      content: t(rest.length ? 'user.beyondReplace' : 'user.beyondNone', { n: beyond.length, names: names.join('、') || beyond.join(', ') }),
      okText: t(rest.length ? 'user.replace' : 'common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'user-replace-ok' },
      onOk: () => (rest.length ? retry(rest) : deselect(beyond)),
    });
  };
}

/** Batch department (`<menu>:batch`) and the Excel template / import (`<menu>:import`). */
function PeopleToolbar({ cfg, ctx, onBeyond }: { cfg: PeopleConfig; ctx: ToolbarContext<UserRow>; onBeyond: ReturnType<typeof useBeyondPrompt> }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const qc = useQueryClient();
  const mayBatch = useCan(`${cfg.menu}:batch`);
  const mayImport = useCan(`${cfg.menu}:import`);
  const tid = (s: string) => `${cfg.prefix}-${s}`;
  const [deptOpen, setDeptOpen] = useState(false);
  const [deptOrg, setDeptOrg] = useState<number | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const dept = useMutation({
    mutationFn: ({ ids, orgId }: { ids: number[]; orgId: number }) => cfg.api.batchDepartment({ ids, orgId }),
    onSuccess: async () => {
      message.success(t('common.done'));
      setDeptOpen(false);
      setDeptOrg(null);
      ctx.clearSelection();
      ctx.refresh();
      await qc.invalidateQueries({ queryKey: ['org'] });
    },
    onError: (e, { ids, orgId }) =>
      onBeyond(e, {
        ids,
        rows: ctx.selectedRows,
        retry: (rest) => dept.mutate({ ids: rest, orgId }),
        deselect: ctx.deselect,
      }),
  });

  return (
    <>
      {mayBatch ? (
        <Button disabled={!ctx.selected.length} data-testid={tid('batch-department')} onClick={() => setDeptOpen(true)}>
          {t('user.batchDepartment')}
        </Button>
      ) : null}
      {mayImport ? (
        <Dropdown.Button
          data-testid={tid('import')}
          onClick={() => setImportOpen(true)}
          menu={{
            items: [{ key: 'template', label: <span data-testid={tid('template')}>{t('user.downloadTemplate')}</span> }],
            onClick: () => void cfg.api.template().then(saveDownload),
          }}
        >
          {t('user.import')}
        </Dropdown.Button>
      ) : null}
      <Modal
        open={deptOpen}
        destroyOnHidden
        title={t('user.batchDepartment')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !deptOrg, loading: dept.isPending, 'data-testid': tid('department-ok') }}
        onOk={() => deptOrg && dept.mutate({ ids: ctx.selected, orgId: deptOrg })}
        onCancel={() => setDeptOpen(false)}
      >
        <Typography.Paragraph>{t('user.batchDepartmentHint', { n: ctx.selected.length })}</Typography.Paragraph>
        <OrgTreeSelect testId={tid('department-org')} value={deptOrg} onChange={setDeptOrg} />
      </Modal>
      <ImportDialog
        open={importOpen}
        testId={tid('import')}
        upload={cfg.api.importFile}
        downloadTemplate={cfg.api.template}
        downloadErrors={cfg.api.errorFile}
        fieldLabel={(f) => (f === 'cardNumber' ? t(cfg.cardKey) : t(`user.field.${f}`, { defaultValue: f }))}
        reasonLabel={(r) => t(`user.reason.${r}`, { defaultValue: r })}
        onClose={(imported) => {
          setImportOpen(false);
          if (imported) {
            ctx.refresh();
            void qc.invalidateQueries({ queryKey: ['org'] });
          }
        }}
      />
    </>
  );
}

/**
 * The user page and the student page on the list kernel: organization tree on the left, filters,
 * paged sortable table, batch freeze/unfreeze/reset password/department/delete, Excel template,
 * import and export.
 */
export function PeopleListPage({ cfg }: { cfg: PeopleConfig }) {
  const [orgId, setOrgId] = useState<number | undefined>();
  const onBeyond = useBeyondPrompt();
  const mayBatch = useCan(`${cfg.menu}:batch`);
  const code = (action: string) => `${cfg.menu}:${action}`;
  const [columns] = useState(() => columnsOf(cfg));
  const resetPassword: ExtraBatch<UserRow> = {
    key: 'resetPassword',
    labelKey: 'user.resetPassword',
    run: (ids) => cfg.api.resetPassword({ ids }),
    perm: code('modify'),
    danger: true,
    confirmKey: 'user.resetHint',
    doneKey: 'user.resetDone',
    row: (r) => r.abilities.resetPassword,
  };

  return (
    <CrudPage<UserRow>
      testId={`${cfg.prefix}-page`}
      titleKey={`perm.${cfg.menu}`}
      sideWidth={200}
      queryKey={cfg.prefix}
      fetch={(p) => cfg.api.find(p)}
      columns={columns}
      filters={FILTERS}
      side={<OrgFilterTree testId={`${cfg.prefix}-org-tree`} value={orgId} onChange={setOrgId} kind={cfg.kind} />}
      extraFilters={{ orgId }}
      form={{ addPath: cfg.editPath, editPath: (r) => `${cfg.editPath}?id=${r.id}` }}
      batch={{ freeze: cfg.api.freeze, unfreeze: cfg.api.unfreeze, delete: cfg.api.remove }}
      menu={cfg.menu}
      rowBatch={['freeze', 'unfreeze', 'delete']}
      rowAllows={rowAllows}
      extraBatch={[resetPassword]}
      selectable={mayBatch}
      onActionError={(e, ctx) => onBeyond(e, ctx)}
      toolbar={(ctx) => <PeopleToolbar cfg={cfg} ctx={ctx} onBeyond={onBeyond} />}
      exportFile={(filters) => cfg.api.exportList(filters)}
    />
  );
}
