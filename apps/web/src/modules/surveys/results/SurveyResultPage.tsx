import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Popconfirm, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SurveyResult } from '@hanlin/shared';
import { saveDownload } from '../../../platform/api/client';
import { formatTime } from '../../../platform/format';
import { useFeedback } from '../../../platform/feedback';
import { OrgTreeSelect } from '../../orgs/index';
import { exportSurveyAnswers, exportSurveySummary, findUnanswered, getSurveyResult, remindUnanswered } from './api';
import { ItemResults } from './ItemResults';
import { ResultFigures } from './parts';
import { TextAnswers } from './TextAnswers';

const PAGE = 20;

/** Who of the audience has not answered (named surveys), searched and paged, with the reminder (confirmed). */
function Unanswered({ result, orgId }: { result: SurveyResult; orgId?: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const filter = { id: result.id, ...(orgId ? { orgId } : {}) };
  const q = useQuery({
    queryKey: ['survey-unanswered', result.id, orgId, keyword, page],
    queryFn: () => findUnanswered({ ...filter, page, size: PAGE, ...(keyword ? { keyword } : {}) }),
  });
  const remind = useMutation({
    mutationFn: () => remindUnanswered(filter),
    onSuccess: (r) => void message.success(t('surveyResult.reminded', { count: r.count })),
  });
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('surveyResult.personKeyword')}
          data-testid="survey-unanswered-search"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        {result.abilities.remind ? (
          <Popconfirm
            title={t('surveyResult.remindConfirm', { count: q.data?.total ?? 0 })}
            onConfirm={() => remind.mutate()}
            okButtonProps={{ 'data-testid': 'survey-remind-ok' }}
          >
            <Button type="primary" loading={remind.isPending} disabled={!q.data?.total} data-testid="survey-remind">
              {t('surveyResult.remind')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      <Table
        size="small"
        rowKey="userId"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        data-testid="survey-unanswered"
        pagination={{ current: page, pageSize: PAGE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'realname', dataIndex: 'realname', title: t('surveyResult.realname') },
          { key: 'username', dataIndex: 'username', title: t('surveyResult.username') },
          { key: 'orgName', dataIndex: 'orgName', title: t('surveyResult.org') },
        ]}
      />
    </>
  );
}

/** The export buttons: raw answers and the summary, with the organization filter. */
function ExportButtons({ id, orgId }: { id: number; orgId?: number }) {
  const { t } = useTranslation();
  const q = { id, ...(orgId ? { orgId } : {}) };
  const answers = useMutation({ mutationFn: () => exportSurveyAnswers(q), onSuccess: saveDownload });
  const summary = useMutation({ mutationFn: () => exportSurveySummary(q), onSuccess: saveDownload });
  return (
    <Space>
      <Button loading={answers.isPending} onClick={() => answers.mutate()} data-testid="survey-export-answers">
        {t('surveyResult.exportAnswers')}
      </Button>
      <Button loading={summary.isPending} onClick={() => summary.mutate()} data-testid="survey-export-summary">
        {t('surveyResult.exportSummary')}
      </Button>
    </Space>
  );
}

/**
 * `survey-result?id=` (dcgl): one survey's response rate and per-question charts, text answers
 * with search, the organization filter (named surveys), who has not answered with a reminder,
 * and the Excel exports. What is offered follows the result's `abilities`.
 */
export default function SurveyResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [orgId, setOrgId] = useState<number | undefined>();
  const q = useQuery({
    queryKey: ['survey-result', id, orgId],
    queryFn: () => getSurveyResult({ id, ...(orgId ? { orgId } : {}) }),
    enabled: id > 0,
    // A change of organization keeps the page (tab, scroll) while the new figures come.
    placeholderData: keepPreviousData,
  });
  if (!id) return <Empty description={t('common.notFound')} />;
  if (!q.data) return <Spin spinning={q.isLoading}>{q.isError ? <Empty description={t('common.notFound')} /> : <div style={{ minHeight: 200 }} />}</Spin>;
  const r = q.data;
  const texts = r.abilities.texts ? (key: string) => <TextAnswers surveyId={r.id} itemKey={key} orgId={orgId} /> : undefined;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="survey-result-name">
              {r.name}
            </Typography.Title>
            <Tag>{r.named ? t('surveyResult.named') : t('surveyResult.anonymous')}</Tag>
            <Typography.Text type="secondary">
              {formatTime(r.startAt)} ~ {formatTime(r.endAt)}
            </Typography.Text>
          </Space>
          {r.abilities.export ? <ExportButtons id={r.id} orgId={orgId} /> : null}
        </Space>
        <div style={{ margin: '12px 0' }}>
          {r.named ? (
            <Space>
              <span>{t('surveyResult.org')}</span>
              <OrgTreeSelect testId="survey-result-org" style={{ minWidth: 240 }} value={orgId ?? null} onChange={(v) => setOrgId(typeof v === 'number' ? v : undefined)} />
            </Space>
          ) : (
            <Alert type="info" showIcon message={t('surveyResult.anonymousHint')} data-testid="survey-anonymous-hint" />
          )}
        </div>
        <Spin spinning={q.isFetching}>
          <ResultFigures result={r} />
        </Spin>
      </Card>
      <Card size="small">
        <Tabs
          items={[
            { key: 'items', label: t('surveyResult.itemsTab'), children: <ItemResults items={r.items} texts={texts} /> },
            ...(r.abilities.unanswered
              ? [
                  {
                    key: 'unanswered',
                    label: <span data-testid="survey-tab-unanswered">{t('surveyResult.unansweredTab')}</span>,
                    children: <Unanswered result={r} orgId={orgId} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </Space>
  );
}
