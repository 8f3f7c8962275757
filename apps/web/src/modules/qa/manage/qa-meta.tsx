import { QA_LIFECYCLE, type QaRow } from '@hanlin/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LifecycleTag } from '../../../platform/lifecycle';

export function QaStateTag({ state }: { state: QaRow['state'] }) {
  return <LifecycleTag lifecycle={QA_LIFECYCLE} state={state} testId={`qa-state-${state}`} />;
}

/** The title, after a "pinned" tag when the entry is pinned. */
export function QaTitle({ title, pinned, testId }: { title: string; pinned: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {pinned ? (
        <Tag color="red" data-testid={`${testId}-pinned`}>
          {t('qa.pinned')}
        </Tag>
      ) : null}
      <span data-testid={`${testId}-title`}>{title}</span>
    </span>
  );
}
