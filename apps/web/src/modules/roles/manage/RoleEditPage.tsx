import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RoleInsertSchema, type RoleInsert } from '@hanlin/shared';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { OrgTreeSelect } from '../../orgs/components/OrgTreeSelect';
import { showSaveError } from '../../../platform/forms/server-errors';
import { PermissionTree } from '../components/PermissionTree';
import { getRoleById, insertRole, updateRole } from '../api';

/** Form.Item passes `value`; a switch wants `checked`. */
function SwitchControl({ value, onChange, testId, disabled }: { value?: boolean; onChange?: (v: boolean) => void; testId?: string; disabled?: boolean }) {
  return <Switch checked={!!value} onChange={onChange} data-testid={testId} disabled={disabled} />;
}

const LIST = '/dashboard/manage-role';

/** `add-role`: create, edit with `?id=`, read only with `&view=1`. */
export default function RoleEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const mayWrite = useCan(id ? 'rzjs:modify' : 'rzjs:add');
  const readOnly = params.get('view') === '1' || !mayWrite;
  const [form] = Form.useForm();

  const existing = useQuery({ queryKey: ['role', 'one', id], queryFn: () => getRoleById({ id: id! }), enabled: !!id });
  const role = existing.data;
  const initial = useMemo<Record<string, unknown>>(() => {
    if (!id || !role) return { canLogin: true, permissions: [], dataOrgIds: [] };
    return { name: role.name, description: role.description, canLogin: role.canLogin, permissions: role.permissions, dataOrgIds: role.dataOrgIds };
  }, [id, role]);

  const fields = useMemo<FieldSpec[]>(
    () => [
      {
        name: 'name',
        labelKey: 'role.name',
        testId: 'role-name',
        ...(role?.builtin || readOnly ? { control: <Input data-testid="role-name" disabled /> } : {}),
      },
      ...(readOnly
        ? [{ name: 'description', labelKey: 'role.description', control: <Input.TextArea data-testid="role-description" disabled rows={3} /> } as FieldSpec]
        : [{ name: 'description', labelKey: 'role.description', kind: 'textarea', testId: 'role-description' } as FieldSpec]),
      { name: 'canLogin', labelKey: 'role.canLogin', extraKey: 'role.canLoginHint', control: <SwitchControl testId="role-canLogin" disabled={readOnly} /> },
      {
        name: 'dataOrgIds',
        labelKey: 'role.dataOrgs',
        extraKey: 'role.dataOrgsHint',
        control: <OrgTreeSelect multiple testId="role-data-orgs" disabled={readOnly} />,
      },
      { name: 'permissions', labelKey: 'role.permissions', control: <PermissionTree testId="role-perm-tree" disabled={readOnly} /> },
    ],
    [role?.builtin, readOnly],
  );

  const save = useMutation({
    mutationFn: async (body: RoleInsert) => (id ? updateRole({ ...body, id, ...(role?.builtin ? { name: undefined } : {}) }) : insertRole(body)),
    onSuccess: async () => {
      message.success(t('common.saved'));
      await qc.invalidateQueries({ queryKey: ['role'] });
      void navigate(LIST);
    },
    onError: (e) => showSaveError(form, e),
  });

  const submit = async () => {
    const v = await readForm(form, RoleInsertSchema, t).catch(() => null);
    if (v) save.mutate(v as RoleInsert);
  };

  return (
    <Card title={t(readOnly ? 'role.viewTitle' : id ? 'role.edit' : 'role.add')} data-testid="role-edit-page">
      {id && existing.isLoading ? (
        <Spin />
      ) : (
        <SchemaForm form={form} schema={RoleInsertSchema} fields={fields} initialValues={initial} testId="role-form" />
      )}
      <Space>
        <Button onClick={() => void navigate(LIST)} data-testid="role-cancel">
          {t(readOnly ? 'common.back' : 'common.cancel')}
        </Button>
        {readOnly ? null : (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="role-submit">
            {t('common.save')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
