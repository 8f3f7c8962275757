import { useTranslation } from 'react-i18next';
import { AppVersionCreateSchema, type AppVersionCreate, type AppVersionRow } from '@hanlin/shared';
import { RecordEditorCard, useRecordEditor, type FieldSpec } from '../../../platform/kernel';
import { getAppVersionById, insertAppVersion, updateAppVersion } from '../api';
import { PLATFORM_OPTIONS, TERMINAL_OPTIONS } from './app-version-meta';

const fields: FieldSpec[] = [
  { name: 'version', labelKey: 'appVersion.version', testId: 'app-version-version', placeholderKey: 'appVersion.versionPlaceholder' },
  { name: 'terminal', labelKey: 'appVersion.terminal', kind: 'select', options: TERMINAL_OPTIONS, testId: 'app-version-terminal' },
  { name: 'platform', labelKey: 'appVersion.platform', kind: 'select', options: PLATFORM_OPTIONS, testId: 'app-version-platform' },
  { name: 'description', labelKey: 'appVersion.description', kind: 'textarea', testId: 'app-version-description' },
];

/** `manage-add-appver`: add, or edit with `?id=`. */
export default function AppVersionEditPage() {
  const { t } = useTranslation();
  const ed = useRecordEditor<AppVersionRow, AppVersionCreate>({
    queryKey: 'app-version',
    load: (id) => getAppVersionById({ id }),
    create: insertAppVersion,
    update: (id, body) => updateAppVersion({ ...body, id }),
    listPath: '/dashboard/manage-appVersion-setting',
    perms: { add: 'bbgl:add', modify: 'bbgl:modify' },
    toForm: (v) => (v ? { version: v.version, terminal: v.terminal, platform: v.platform, description: v.description } : { terminal: 'android', platform: 'student' }),
    saveErrors: { fields: fields.map((f) => f.name), byCode: { DUPLICATE_APP_VERSION: 'version' } },
  });
  return (
    <RecordEditorCard
      editor={ed}
      testId="app-version"
      title={t(ed.id ? 'appVersion.edit' : 'appVersion.add')}
      schema={AppVersionCreateSchema}
      fields={fields}
      formStyle={{ maxWidth: 640 }}
    />
  );
}
