import { Card, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../platform/page-title';
import { ClassResultsPanel } from '../components/ClassResultsPanel';
import { ClassSelect, useClassParam } from '../components/ClassSelect';

/** enter-result (pxjgsp): pick a class, enter or import its results, submit, decide. */
export default function EnterResultPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.enter-result'));
  const [classId, setClassId] = useClassParam();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <ClassSelect value={classId} onChange={setClassId} />
      </Card>
      {classId ? <ClassResultsPanel classId={classId} /> : <Empty description={t('trainResults.pickClass')} />}
    </Space>
  );
}
