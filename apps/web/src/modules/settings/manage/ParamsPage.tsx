import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlatformParamsSchema, type PlatformParams } from '@hanlin/shared';
import type { FieldSpec } from '../../../platform/kernel';
import { MailSettingsCard } from '../../mail/index';
import { getPlatformParams, savePlatformParams } from '../api';
import { SettingsFormCard } from '../../../platform/components/SettingsFormCard';

const NUMBERS = [
  'dailyLiveLimit',
  'pinnedQaLimit',
  'hotWordCount',
  'searchCount',
  'uploadLimitMb',
  'courseFileLimitMb',
  'coursewareLimitMb',
  'knowledgeFileLimitMb',
  'experiencePerSignIn',
  'experiencePerCourse',
  'antiCheatIntervalSeconds',
  'surveyReminderHours',
] as const;

/**
 * Where a parameter is not plain from its name: the live and knowledge modules do not exist yet,
 * so their parameters say they take effect once the module is there; the Q&A limit says when it is checked.
 */
const HINTS: Partial<Record<(typeof NUMBERS)[number], true>> = {
  dailyLiveLimit: true,
  pinnedQaLimit: true,
  knowledgeFileLimitMb: true,
  experiencePerCourse: true,
  antiCheatIntervalSeconds: true,
  surveyReminderHours: true,
};

const fields: FieldSpec[] = [
  { name: 'siteNameZh', labelKey: 'settings.params.siteNameZh', testId: 'settings-siteNameZh' },
  { name: 'siteNameEn', labelKey: 'settings.params.siteNameEn', testId: 'settings-siteNameEn' },
  ...NUMBERS.map<FieldSpec>((n) => ({
    name: n,
    labelKey: `settings.params.${n}`,
    kind: 'number',
    testId: `settings-${n}`,
    ...(n in HINTS ? { extraKey: `settings.params.${n}Hint` } : {}),
  })),
];

/** Parameter configuration (`manage-parameter`, code cspz) with the SMTP mail settings. */
export default function ParamsPage() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <SettingsFormCard<PlatformParams>
        testId="settings-params-page"
        title={t('perm.cspz')}
        queryKey={['settings', 'params']}
        load={getPlatformParams}
        save={(b) => savePlatformParams(PlatformParamsSchema.parse(b))}
        schema={PlatformParamsSchema}
        fields={fields}
        modifyCode="cspz:modify"
      />
      <MailSettingsCard />
    </Space>
  );
}
