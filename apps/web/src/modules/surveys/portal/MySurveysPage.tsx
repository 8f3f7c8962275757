import { useState } from 'react';
import { Button, Card, Space, Tabs, Tag, Typography } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MY_SURVEY_STATES, isOneOf, type MySurveyRow } from '@hanlin/shared';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { formatTime } from '../../../platform/format';
import { findMySurveys } from '../api';
import { surveyAnswerPath } from './routes';
import { mySurveyResultPath } from '../results/index';

type Tab = 'all' | MySurveyRow['state'];
const TABS: Tab[] = ['all', ...MY_SURVEY_STATES];
/** The colour of each state the server gives a row. */
export const MY_SURVEY_COLORS: Record<MySurveyRow['state'], string> = { notStarted: 'default', open: 'green', answered: 'blue', ended: 'red' };

/** The state of a survey for me, as the server says it. */
export function MySurveyStateTag({ row }: { row: Pick<MySurveyRow, 'state'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={MY_SURVEY_COLORS[row.state]} data-testid={`my-survey-state-${row.state}`}>
      {t(`surveyPortal.state_${row.state}`)}
    </Tag>
  );
}

function Action({ row }: { row: MySurveyRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => void navigate(surveyAnswerPath(row.id));
  // A results-public survey I answered: everyone's figures (survey results).
  const results = row.abilities.results ? (
    <Button onClick={() => void navigate(mySurveyResultPath(row.id))} data-testid="my-survey-results">
      {t('surveyResult.myTitle')}
    </Button>
  ) : null;
  const main = row.abilities.answer ? (
    <Button type="primary" onClick={open} data-testid="my-survey-answer">
      {t(row.answeredCount ? 'surveyPortal.answerAgain' : 'surveyPortal.answer')}
    </Button>
  ) : (
    <Button onClick={open} data-testid="my-survey-view">
      {t('surveyPortal.view')}
    </Button>
  );
  return results ? (
    <Space wrap size={4}>
      {main}
      {results}
    </Space>
  ) : (
    main
  );
}

/** Student center "questionnaires": the surveys open to me, their state, times and whether I answered (fits 390 px: items wrap). */
export default function MySurveysPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const paged = usePagedQuery(['surveys', 'my', tab], (paging) => findMySurveys({ ...paging, ...(tab === 'all' ? {} : { state: tab }) }));
  return (
    <Card title={t('center.questionnaires')} data-testid="my-surveys-page" styles={{ body: { padding: 12 } }}>
      <Tabs
        activeKey={tab}
        size="small"
        // Narrow gaps: the five tabs fit 390 px in every language.
        tabBarGutter={10}
        onChange={(k) => {
          if (!isOneOf(TABS, k)) return;
          setTab(k);
          paged.setPage(1);
        }}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`my-surveys-tab-${k}`}>{t(k === 'all' ? 'surveyPortal.all' : `surveyPortal.state_${k}`)}</span> }))}
      />
      <PagedList
        paged={paged}
        emptyText={t('surveyPortal.none')}
        renderItem={(s) => (
          <PagedListItem testId="my-survey-item" icon={<FormOutlined style={{ fontSize: 32, color: '#13a8a8' }} />} gap={8} breakWords action={<Action row={s} />}>
            <Typography.Text strong data-testid="my-survey-name">
              {s.name}
            </Typography.Text>{' '}
            <MySurveyStateTag row={s} />
            {s.anonymous ? <Tag>{t('surveyPortal.anonymous')}</Tag> : null}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(s.startAt)} – {formatTime(s.endAt)}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="my-survey-answered">
              {s.answeredCount ? t('surveyPortal.answeredTimes', { n: s.answeredCount }) : t('surveyPortal.notAnswered')}
            </Typography.Text>
          </PagedListItem>
        )}
      />
    </Card>
  );
}
