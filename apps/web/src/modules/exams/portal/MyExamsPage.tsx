import { useEffect, useState } from 'react';
import { Card, Tabs, Typography } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedList, PagedListItem, usePagedQuery } from '../../../platform/components/PagedList';
import { EXAM_LIFECYCLE, isOneOf, type MyExamQuery, type MyExamRow } from '@hanlin/shared';
import { serverNow } from '../../../platform/api/server-clock';
import { formatTime } from '../../../platform/format';
import { LifecycleTag } from '../../../platform/lifecycle';
import { findMyExams } from '../portal-api';
import { ExamActions } from './ExamActions';

type Tab = 'all' | NonNullable<MyExamQuery['status']>;
const TABS: Tab[] = ['all', 'published', 'started', 'ended'];

/** Longest wait set at once (a timer's delay must stay under 2^31 ms); a later change is waited for again. */
const LONGEST_WAIT_MS = 24 * 3600_000;

/**
 * Asks the server again when the first row's state changes (`changesAt`: a start or an end passes, on the server's
 * clock as the API client knows it): the row then shows Start, or Ended, without a reload; the server stays the judge.
 */
function useRefetchWhenRowsChange(rows: readonly MyExamRow[] | undefined, refetch: () => unknown) {
  useEffect(() => {
    const next = Math.min(...(rows ?? []).flatMap((r) => (r.changesAt ? [Date.parse(r.changesAt)] : [])));
    if (!Number.isFinite(next)) return;
    // A moment after the instant; when it has passed already (the server's answer came a moment early), a second later.
    const wait = next - serverNow();
    const timer = setTimeout(() => void refetch(), wait > 0 ? Math.min(wait + 250, LONGEST_WAIT_MS) : 1000);
    return () => clearTimeout(timer);
  }, [rows, refetch]);
}

/** Student center "exams": the exams open to me, with their state and times (also at 390 px: items wrap). */
export default function MyExamsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const paged = usePagedQuery(['exams', 'my', tab], (paging) => findMyExams({ ...paging, ...(tab === 'all' ? {} : { status: tab }) }));
  useRefetchWhenRowsChange(paged.query.data?.records, paged.query.refetch);
  return (
    <Card title={t('center.exams')} data-testid="my-exams-page" styles={{ body: { padding: 12 } }}>
      <Tabs
        activeKey={tab}
        // Narrow gaps: the four tabs fit 390 px in every language (Portuguese hid "Ended" behind "…").
        tabBarGutter={16}
        onChange={(k) => {
          if (!isOneOf(TABS, k)) return;
          setTab(k);
          paged.setPage(1);
        }}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`my-exams-tab-${k}`}>{t(k === 'all' ? 'exam.my.all' : `exam.my.${k}`)}</span> }))}
      />
      <PagedList
        paged={paged}
        emptyText={t('exam.my.none')}
        renderItem={(e) => (
          <PagedListItem testId="my-exam-item" icon={<FileDoneOutlined style={{ fontSize: 32, color: '#2f54eb' }} />} gap={8} breakWords action={<ExamActions exam={e} />}>
            <Typography.Text strong data-testid="my-exam-name">
              {e.name}
            </Typography.Text>{' '}
            <LifecycleTag lifecycle={EXAM_LIFECYCLE} state={e.status} testId={`my-exam-status-${e.status}`} />
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(e.startAt)} – {formatTime(e.endAt)}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('exam.my.facts', { duration: e.duration, total: e.total, pass: e.passPercent, attempts: e.attempts })}
              {e.categoryName ? ` · ${e.categoryName}` : ''}
            </Typography.Text>
          </PagedListItem>
        )}
      />
    </Card>
  );
}
