import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAIN_RESULT_SHEET_LIFECYCLE, type TrainMixedCompletion } from '@hanlin/shared';
import { LifecycleTag } from '../../../platform/lifecycle';
import { usePageTitle } from '../../../platform/page-title';
import { getMixedCompletion } from '../api';
import { ClassSelect, useClassParam } from '../components/ClassSelect';

type Row = TrainMixedCompletion['rows'][number];

/**
 * manage-mix-train-result (pxjgsp): a mixed class's trainees, complete when every online course is passed and the
 * in-person result passed on the approved results sheet (until then those who meet both await the approval).
 */
export default function MixedResultPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.manage-mix-train-result'));
  const [classId, setClassId] = useClassParam();
  const q = useQuery({ queryKey: ['trainMixed', classId], queryFn: () => getMixedCompletion({ classId: classId! }), enabled: !!classId });
  const yesNo = (v: boolean | null) => (v === null ? '–' : t(v ? 'trainResults.yes' : 'trainResults.no'));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <ClassSelect value={classId} onChange={setClassId} mode="mixed" />
      </Card>
      {!classId ? (
        <Empty description={t('trainResults.pickClass')} />
      ) : (
        <Card
          loading={q.isLoading}
          data-testid="train-mixed-results"
          title={t('trainResults.sheet')}
          extra={
            q.data?.sheetState ? (
              <LifecycleTag lifecycle={TRAIN_RESULT_SHEET_LIFECYCLE} state={q.data.sheetState} testId="train-mixed-sheet-state" />
            ) : (
              <Tag data-testid="train-mixed-sheet-state">{t('trainResults.noSheet')}</Tag>
            )
          }
        >
          {q.data?.rows.some((r) => r.awaitingApproval) ? (
            <Alert type="info" showIcon style={{ marginBlockEnd: 12 }} title={t('trainResults.mixedAwaitingHint')} data-testid="train-mixed-awaiting-hint" />
          ) : null}
          <Table<Row>
            rowKey="userId"
            size="small"
            dataSource={q.data?.rows ?? []}
            scroll={{ x: true }}
            columns={[
              { key: 'name', title: t('trainResults.trainee'), render: (_, r) => `${r.realname} (${r.username})` },
              { key: 'org', title: t('trainResults.org'), dataIndex: 'orgName' },
              { key: 'courses', title: t('trainResults.onlineCourses'), render: (_, r) => `${r.coursesCompleted} / ${q.data?.courses ?? 0}` },
              { key: 'passed', title: t('trainResults.inPersonPassed'), render: (_, r) => yesNo(r.passed) },
              {
                key: 'completed',
                title: t('trainResults.completed'),
                render: (_, r) =>
                  r.awaitingApproval ? (
                    <Tag color="gold" data-testid="train-mixed-completed">
                      {t('trainResults.awaitingApproval')}
                    </Tag>
                  ) : (
                    <Tag color={r.completed ? 'green' : 'default'} data-testid="train-mixed-completed">
                      {yesNo(r.completed)}
                    </Tag>
                  ),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
