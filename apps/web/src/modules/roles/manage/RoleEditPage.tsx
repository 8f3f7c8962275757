import { useMemo } from 'react';
import { Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RoleInsertSchema, type RoleDetail, type RoleInsert } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { OrgTreeSelect } from '../../orgs/index';
import { PermissionTree } from '../components/PermissionTree';
import { builtinText } from '../../../platform/builtin';
import { getRoleById, insertRole, updateRole } from '../api';

/** Form.Item passes `value`; a switch wants `checked`. */
function SwitchControl({ value, onChange, testId, disabled }: { value?: boolean; onChange?: (v: boolean) => void; testId?: string; disabled?: boolean }) {
  return <Switch checked={!!value} onChange={onChange} data-testid={testId} disabled={disabled} />;
}

/** `add-role`: create, edit with `?id=`, read only with `&view=1`. */
export default function RoleEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ed = useRecordEditor<RoleDetail, RoleInsert>({
    queryKey: 'role',
    load: (id) => getRoleById({ id }),
    create: insertRole,
    update: (id, body, role) => updateRole({ ...body, id, ...(role?.builtin ? { name: undefined } : {}) }),
    listPath: '/dashboard/manage-role',
    perms: { add: 'rzjs:add', modify: 'rzjs:modify' },
    toForm: (role) =>
      role
        ? {
            name: builtinText(t, role.name),
            description: builtinText(t, role.description),
            canLogin: role.canLogin,
            permissions: role.permissions,
            dataOrgIds: role.dataOrgIds,
          }
        : { canLogin: true, permissions: [], dataOrgIds: [] },
  });
  const role = ed.record;
  const readOnly = params.get('view') === '1' || !ed.canSave;

  const fields = useMemo((): FieldSpec[] => {
    const description: FieldSpec = readOnly
      ? { name: 'description', labelKey: 'role.description', control: <Input.TextArea data-testid="role-description" disabled rows={3} /> }
      : { name: 'description', labelKey: 'role.description', kind: 'textarea', testId: 'role-description' };
    return [
      {
        name: 'name',
        labelKey: 'role.name',
        testId: 'role-name',
        ...(role?.builtin || readOnly ? { control: <Input data-testid="role-name" disabled /> } : {}),
      },
      description,
      { name: 'canLogin', labelKey: 'role.canLogin', extraKey: 'role.canLoginHint', control: <SwitchControl testId="role-canLogin" disabled={readOnly} /> },
      {
        name: 'dataOrgIds',
        labelKey: 'role.dataOrgs',
        extraKey: 'role.dataOrgsHint',
        control: <OrgTreeSelect multiple testId="role-data-orgs" disabled={readOnly} />,
      },
      { name: 'permissions', labelKey: 'role.permissions', control: <PermissionTree testId="role-perm-tree" disabled={readOnly} /> },
    ];
  }, [role?.builtin, readOnly]);

  return (
    <RecordEditorCard
      editor={ed}
      testId="role"
      title={t(readOnly ? 'role.viewTitle' : ed.id ? 'role.edit' : 'role.add')}
      schema={RoleInsertSchema}
      fields={fields}
      backKey={readOnly ? 'common.back' : 'common.cancel'}
      canSave={!readOnly}
    />
  );
}
