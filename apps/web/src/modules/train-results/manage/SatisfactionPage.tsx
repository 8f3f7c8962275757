import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../platform/page-title';
import { getSatisfaction } from '../api';
import { ClassSelect, useClassParam } from '../components/ClassSelect';
import { SatisfactionCard } from '../components/SatisfactionCard';

/** manage-train-satisfaction (pxapgl): averages of the class's questionnaire and each lecturer's. */
export default function SatisfactionPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.manage-train-satisfaction'));
  const [classId, setClassId] = useClassParam();
  const q = useQuery({ queryKey: ['trainSatisfaction', classId], queryFn: () => getSatisfaction({ classId: classId! }), enabled: !!classId });
  const data = q.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <ClassSelect value={classId} onChange={setClassId} />
      </Card>
      {!classId ? (
        <Empty description={t('trainResults.pickClass')} />
      ) : !data ? (
        <Card loading />
      ) : (
        <>
          <Typography.Text type="secondary" data-testid="train-satisfaction-admitted">
            {t('trainResults.admitted', { count: data.admitted })}
          </Typography.Text>
          {!data.classResult && !data.lecturers.length && <Empty description={t('trainResults.noSurveys')} />}
          <Row gutter={[16, 16]}>
            {data.classResult && (
              <Col xs={24} lg={12}>
                <SatisfactionCard title={t('trainResults.wholeClass')} result={data.classResult} testId="train-satisfaction-class" />
              </Col>
            )}
            {data.lecturers.map((l) => (
              <Col xs={24} lg={12} key={l.lecturerId}>
                <SatisfactionCard title={l.lecturerName} result={l.result} testId="train-satisfaction-lecturer" />
              </Col>
            ))}
          </Row>
        </>
      )}
    </Space>
  );
}
