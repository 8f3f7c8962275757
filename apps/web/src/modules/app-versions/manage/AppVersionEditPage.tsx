import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppVersionCreateSchema, type AppVersionCreate } from '@hanlin/shared';
import { SchemaForm, readForm, type FieldSpec } from '../../../platform/kernel';
import { useCan } from '../../../platform/permission';
import { showSaveError } from '../../../platform/forms/server-errors';
import { getAppVersionById, insertAppVersion, updateAppVersion } from '../api';
import { PLATFORM_OPTIONS, TERMINAL_OPTIONS } from './app-version-meta';

const fields: FieldSpec[] = [
  { name: 'version', labelKey: 'appVersion.version', testId: 'app-version-version', placeholderKey: 'appVersion.versionPlaceholder' },
  { name: 'terminal', labelKey: 'appVersion.terminal', kind: 'select', options: TERMINAL_OPTIONS, testId: 'app-version-terminal' },
  { name: 'platform', labelKey: 'appVersion.platform', kind: 'select', options: PLATFORM_OPTIONS, testId: 'app-version-platform' },
  { name: 'description', labelKey: 'appVersion.description', kind: 'textarea', testId: 'app-version-description' },
];
const LIST = '/dashboard/manage-appVersion-setting';

/** `manage-add-appver`: add, or edit with `?id=`. */
export default function AppVersionEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm();
  const canSave = useCan(id ? 'bbgl:modify' : 'bbgl:add');

  const existing = useQuery({ queryKey: ['app-version', 'one', id], queryFn: () => getAppVersionById({ id: id! }), enabled: !!id });
  const initial = useMemo<Record<string, unknown>>(() => {
    const v = existing.data;
    if (!id || !v) return { terminal: 'android', platform: 'student' };
    return { version: v.version, terminal: v.terminal, platform: v.platform, description: v.description };
  }, [id, existing.data]);

  const save = useMutation({
    mutationFn: (body: AppVersionCreate) => (id ? updateAppVersion({ ...body, id }) : insertAppVersion(body)),
    onSuccess: async () => {
      message.success(t('common.saved'));
      await qc.invalidateQueries({ queryKey: ['app-version'] });
      void navigate(LIST);
    },
    onError: (err) => showSaveError(form, err, { fields: fields.map((f) => f.name), byCode: { DUPLICATE_APP_VERSION: 'version' } }),
  });

  const submit = async () => {
    const v = await readForm(form, AppVersionCreateSchema, t).catch(() => null);
    if (v) save.mutate(v as AppVersionCreate);
  };

  return (
    <Card title={t(id ? 'appVersion.edit' : 'appVersion.add')} data-testid="app-version-edit-page">
      {id && existing.isLoading ? (
        <Spin />
      ) : (
        <div style={{ maxWidth: 640 }}>
          <SchemaForm form={form} schema={AppVersionCreateSchema} fields={fields} initialValues={initial} testId="app-version-form" />
        </div>
      )}
      <Space>
        <Button onClick={() => void navigate(LIST)} data-testid="app-version-cancel">
          {t('common.cancel')}
        </Button>
        {canSave ? (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="app-version-submit">
            {t('common.save')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
