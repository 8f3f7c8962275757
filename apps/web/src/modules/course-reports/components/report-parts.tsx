import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LearnerStatus } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type CrudPageProps, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { OrgTreeSelect } from '../../orgs/index';

/** Seconds as `h:mm:ss` (what the exports write too). */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function ProgressBar({ value, testId }: { value: number; testId?: string }) {
  return <Progress percent={value} size="small" style={{ minWidth: 100, margin: 0 }} data-testid={testId} />;
}

export function LearnerStatusTag({ status }: { status: LearnerStatus | null }) {
  const { t } = useTranslation();
  if (!status) return <Tag>{t('report.state_none')}</Tag>;
  return <Tag color={status === 'passed' ? 'green' : 'blue'}>{t(`report.state_${status}`)}</Tag>;
}

/** Options of a learner status filter. */
export const LEARNER_STATUS_OPTIONS = [
  { value: 'learning', labelKey: 'report.state_learning' },
  { value: 'passed', labelKey: 'report.state_passed' },
];

/** A report's date range filter (whole days, sent as `from` and `to`). */
export const RANGE_FILTER: FilterSpec = { name: 'range', labelKey: 'report.range', kind: 'daterange', range: { from: 'from', to: 'to' } };

/** What a learner row (one person on one course) says of that learning. */
interface LearnerFields {
  status: LearnerStatus | null;
  progress: number;
  learnedSeconds: number;
  score: number | null;
  startedAt: string | null;
  passedAt: string | null;
}

/** The columns of a learner row: state, progress, time and score, then the page's own (`between`), then started and passed. */
export function learnerColumns<R extends LearnerFields>(between: ColumnSpec<R>[] = []): ColumnSpec<R>[] {
  return [
    { key: 'status', titleKey: 'common.status', render: (r) => <LearnerStatusTag status={r.status} /> },
    { key: 'progress', titleKey: 'report.progress', sortable: true, render: (r) => <ProgressBar value={r.progress} /> },
    { key: 'learnedSeconds', titleKey: 'report.learnedTime', sortable: true, render: (r) => durationText(r.learnedSeconds) },
    { key: 'score', titleKey: 'report.score', sortable: true },
    ...between,
    { key: 'startedAt', titleKey: 'report.startedAt', sortable: true, render: (r) => formatTime(r.startedAt) },
    { key: 'passedAt', titleKey: 'report.passedAt', sortable: true, render: (r) => formatTime(r.passedAt) },
  ];
}

/** The filters of a list of learner rows: its keyword (`keywordKey` names what it searches), the learner status, the date range. */
export function learnerFilters(keywordKey: string): FilterSpec[] {
  return [{ name: 'keyword', labelKey: keywordKey }, { name: 'status', labelKey: 'common.status', kind: 'select', options: LEARNER_STATUS_OPTIONS }, RANGE_FILTER];
}

/** A report's list whose first filter is the organization (`orgTestId`), inside the list's own filter row: it goes with every page and export. */
export function OrgReport<R extends { id: number }>({ orgTestId, filters, ...list }: CrudPageProps<R> & { orgTestId: string }) {
  const org: FilterSpec = { name: 'orgId', labelKey: 'report.org', control: <OrgTreeSelect testId={orgTestId} style={{ minWidth: 200 }} /> };
  return <CrudPage<R> {...list} filters={[org, ...(filters ?? [])]} />;
}
