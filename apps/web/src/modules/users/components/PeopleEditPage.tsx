import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, skipToken } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Spin, Typography, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONSTANTS, DICT_TYPES, ROLE_LIFECYCLE, USER_LIFECYCLE, USER_SEXES, isFrozen, type UserInsert } from '@hanlin/shared';
import { LifecycleTag } from '../../../platform/lifecycle';
import { SchemaForm, readForm, useFormPage, type FieldSpec } from '../../../platform/kernel';
import { errorMessage } from '../../../platform/i18n';
import { useCan } from '../../../platform/permission';
import { useSession } from '../../../platform/session';
import { OrgTreeSelect, useOrgNames, LeaderSelect } from '../../orgs/index';
import { DictSelect } from '../../dict/index';
import { getAllRoles } from '../../roles/index';
import { PositionSelect } from '../../positions/index';
import { LabelSelect } from '../../labels/index';
import { showSaveError } from '../../../platform/forms/server-errors';
import type { PeopleConfig } from '../people-kinds';
import { beyondOf } from '../../../platform/api/beyond';
import '../../../platform/components/two-col-form.css';
import { useFeedback } from '../../../platform/feedback';
import { builtinText } from '../../../platform/builtin';

/** Text input that asks the server on blur whether the value is still free (check-name/phone/email/card). */
function UniqueInput({
  value,
  onChange,
  form,
  name,
  check,
  error,
  testId,
  excludeId,
  ...rest
}: {
  value?: string;
  onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void;
  form: FormInstance;
  name: string;
  check: (v: string, id?: number) => Promise<{ available: boolean }>;
  error: string;
  testId: string;
  excludeId?: number;
  id?: string;
}) {
  return (
    <Input
      {...rest}
      value={value}
      onChange={onChange}
      data-testid={testId}
      maxLength={200}
      onBlur={async () => {
        const v = value?.trim();
        if (!v || form.getFieldError(name).length) return;
        const r = await check(v, excludeId).catch(() => null);
        if (r && !r.available) form.setFields([{ name, errors: [errorMessage(error)] }]);
      }}
    />
  );
}

/** `YYYY-MM-DD` strings in and out (entry date). */
function DateControl({ value, onChange, testId, ...rest }: { value?: string | null; onChange?: (v: string | null) => void; testId?: string; id?: string }) {
  return (
    <DatePicker {...rest} style={{ width: '100%' }} data-testid={testId} value={value ? dayjs(value) : null} onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)} />
  );
}

function RoleSelect({ testId, ...rest }: { value?: number[]; onChange?: (v: number[]) => void; testId?: string; id?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['role', 'all'], queryFn: getAllRoles, staleTime: 30_000 });
  return (
    <Select
      {...rest}
      mode="multiple"
      allowClear
      data-testid={testId}
      loading={q.isLoading}
      optionFilterProp="title"
      placeholder={t('user.rolesHint')}
      options={(q.data ?? []).map((r) => ({
        value: r.id,
        title: builtinText(t, r.name),
        label: (
          <span data-testid={`role-option-${r.id}`}>
            {builtinText(t, r.name)} {isFrozen(r) ? <LifecycleTag lifecycle={ROLE_LIFECYCLE} state={r.status} /> : null}
          </span>
        ),
      }))}
    />
  );
}

/** Optional fields an edit may clear: sent as null (absent would mean "unchanged"). */
const CLEARABLE = [
  'englishName',
  'phone',
  'email',
  'sex',
  'type',
  'city',
  'leaderId',
  'team',
  'positionId',
  'entryDate',
  'idNumber',
  'validUntil',
] as const satisfies readonly (keyof UserInsert)[];
const LISTS = ['labelIds', 'roleIds', 'scopeOrgIds'] as const satisfies readonly (keyof UserInsert)[];

/** `add-user` / `add-student`: every field of the server schema; edit with `?id=`. */
export function PeopleEditPage({ cfg }: { cfg: PeopleConfig }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  // The server refuses changing one's own roles or data permission: the form does not offer it.
  const self = useSession((st) => st.user?.id) === id && id !== undefined;
  const mayWrite = useCan(`${cfg.menu}:${id ? 'modify' : 'add'}`);
  const [form] = Form.useForm();
  const orgNames = useOrgNames();
  const tid = (s: string) => `${cfg.prefix}-${s}`;

  const existing = useQuery({ queryKey: [cfg.prefix, 'one', id], queryFn: id ? () => cfg.api.get({ id }) : skipToken });
  const u = existing.data;
  const title = t(id ? `user.edit_${cfg.kind}` : `user.add_${cfg.kind}`);
  // Names the tab "Add …"/"Edit …", keeps what was typed through a switch to another tab, closes the tab once saved.
  const page = useFormPage({ form, title, ready: !id || existing.isSuccess });

  const initial = useMemo<Record<string, unknown>>(() => {
    if (!id || !u) return { labelIds: [], roleIds: [], scopeOrgIds: [] };
    const { id: _id, leaderName: _l, orgName: _o, kind: _k, status: _s, points: _p, avatar: _a, firstLogin: _f, createdAt: _c, positionName: _pn, labels: _lb, ...rest } = u;
    return rest;
  }, [id, u]);

  const fields = useMemo<FieldSpec[]>(() => {
    const unique = (name: string, check: (v: string, id?: number) => Promise<{ available: boolean }>, error: string) => (
      <UniqueInput form={form} name={name} check={check} error={error} testId={tid(name)} excludeId={id} />
    );
    return [
      {
        name: 'cardNumber',
        labelKey: cfg.cardKey,
        extraKey: `user.cardHint_${cfg.kind}`,
        control: unique('cardNumber', (v, x) => cfg.api.checkCard({ cardNumber: v, id: x }), 'DUPLICATE_CARD_NUMBER'),
      },
      { name: 'username', labelKey: 'user.username', control: unique('username', (v, x) => cfg.api.checkName({ username: v, id: x }), 'DUPLICATE_USER_NAME') },
      { name: 'realname', labelKey: 'user.realname', testId: tid('realname') },
      { name: 'englishName', labelKey: 'user.englishName', testId: tid('englishName') },
      { name: 'sex', labelKey: 'user.sex', kind: 'select', options: USER_SEXES.map((s) => ({ value: s, labelKey: `user.sex_${s}` })), testId: tid('sex') },
      { name: 'phone', labelKey: 'user.phone', control: unique('phone', (v, x) => cfg.api.checkPhone({ phone: v, id: x }), 'DUPLICATE_PHONE') },
      { name: 'email', labelKey: 'user.email', control: unique('email', (v, x) => cfg.api.checkEmail({ email: v, id: x }), 'DUPLICATE_EMAIL') },
      { name: 'orgId', labelKey: 'user.org', control: <OrgTreeSelect testId={tid('org')} /> },
      {
        name: 'positionId',
        labelKey: 'user.post',
        control: <PositionSelect testId={tid('post')} initial={u?.positionId && u.positionName ? { id: u.positionId, name: u.positionName } : null} />,
      },
      // Type, city and team are dictionary values (manage-dict), chosen from their types' entries.
      { name: 'type', labelKey: 'user.type', control: <DictSelect type={DICT_TYPES.userType} testId={tid('type')} /> },
      { name: 'city', labelKey: 'user.city', control: <DictSelect type={DICT_TYPES.city} testId={tid('city')} /> },
      { name: 'team', labelKey: 'user.team', control: <DictSelect type={DICT_TYPES.team} testId={tid('team')} /> },
      {
        name: 'leaderId',
        labelKey: 'user.leader',
        control: (
          <LeaderSelect multiple={false} testId={tid('leader')} initial={u?.leaderId && u.leaderName ? [{ id: u.leaderId, username: '', realname: u.leaderName }] : []} />
        ),
      },
      { name: 'entryDate', labelKey: 'user.entryDate', control: <DateControl testId={tid('entryDate')} /> },
      { name: 'idNumber', labelKey: 'user.idNumber', testId: tid('idNumber') },
      { name: 'validUntil', labelKey: 'user.validUntil', kind: 'datetime', testId: tid('validUntil'), extraKey: 'user.validUntilHint' },
      {
        name: 'labelIds',
        labelKey: 'user.labels',
        extraKey: 'user.labelsPick',
        control: <LabelSelect kind="user" testId={tid('labels')} />,
      },
      {
        name: 'roleIds',
        labelKey: 'user.roles',
        extraKey: self ? 'user.ownGrantsLocked' : cfg.kind === 'student' ? 'user.rolesDefault' : 'user.rolesDefaultEmployee',
        control: <RoleSelect testId={tid('roles')} disabled={self} />,
      },
      {
        name: 'scopeOrgIds',
        labelKey: 'user.scopeOrgs',
        extraKey: self ? 'user.ownGrantsLocked' : 'user.scopeOrgsHint',
        control: <OrgTreeSelect multiple testId={tid('scope')} disabled={self} />,
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cfg, id, u, form, self]);

  const save = useMutation({
    mutationFn: (body: UserInsert) => (id ? cfg.api.update({ ...body, id }) : cfg.api.insert(body)),
    onSuccess: async (answer) => {
      await qc.invalidateQueries({ queryKey: [cfg.prefix] });
      await qc.invalidateQueries({ queryKey: ['org'] });
      if (answer && 'initialPassword' in answer) {
        // Shown once: the administrator hands it over; the first login asks for a new one.
        await new Promise<void>((done) =>
          modal.success({
            title: t('user.createdTitle'),
            content: (
              <div data-testid={tid('initial-password')}>
                <Typography.Paragraph>{t('user.initialPasswordHint')}</Typography.Paragraph>
                <Typography.Text code copyable strong>
                  {answer.initialPassword}
                </Typography.Text>
              </div>
            ),
            okText: t('common.confirm'),
            onOk: () => done(),
          }),
        );
      } else message.success(t('common.saved'));
      page.leave(cfg.listPath);
    },
    onError: (e, body) => {
      const beyond = beyondOf(e);
      if (!beyond) return showSaveError(form, e);
      if (beyond.includes(body.orgId)) {
        form.setFields([{ name: 'orgId', errors: [errorMessage('NO_DATA_PERMISSION_ERROR')] }]);
        return;
      }
      // Spec: organizations beyond the administrator's authority trigger a replace prompt.
      const scope = body.scopeOrgIds ?? [];
      const kept = scope.filter((x) => !beyond.includes(x));
      modal.confirm({
        title: t('user.beyondTitle'),
        content: t('user.beyondScope', { n: beyond.length, names: beyond.map((x) => orgNames.get(x) ?? `#${x}`).join('、') }),
        okText: t('user.replace'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'user-replace-ok' },
        onOk: () => {
          form.setFieldValue('scopeOrgIds', kept);
          save.mutate({ ...body, scopeOrgIds: kept });
        },
      });
    },
  });

  const submit = async () => {
    const v = await readForm(form, cfg.schema, t).catch(() => null);
    if (!v) return;
    if (id) {
      for (const k of CLEARABLE) if (v[k] === undefined) v[k] = null;
      for (const k of LISTS) if (v[k] === undefined) v[k] = [];
    }
    save.mutate(v);
  };

  return (
    <Card
      title={title}
      data-testid={tid('edit-page')}
      extra={
        u ? (
          <Space>
            <Typography.Text type="secondary">{t('user.points', { n: u.points })}</Typography.Text>
            <LifecycleTag lifecycle={USER_LIFECYCLE} state={u.status} />
          </Space>
        ) : null
      }
    >
      {id && existing.isLoading ? (
        <Spin />
      ) : (
        <div className="hl-two-col-form" style={{ maxWidth: 1100 }}>
          <SchemaForm form={form} schema={cfg.schema} fields={fields} initialValues={initial} testId={tid('form')} />
        </div>
      )}
      <Space>
        <Button onClick={() => page.leave(cfg.listPath)} data-testid={tid('cancel')}>
          {t('common.cancel')}
        </Button>
        {mayWrite ? (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid={tid('submit')}>
            {t('common.save')}
          </Button>
        ) : null}
      </Space>
      {!id ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('user.initialPassword', { suffix: CONSTANTS.RESET_PASSWORD_SUFFIX })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
