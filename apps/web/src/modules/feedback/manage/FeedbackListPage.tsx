import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FEEDBACK_SORT_KEYS, type FeedbackManageRow } from '@hanlin/shared';
import { booleanFilter, sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { exportFeedback, findFeedback } from '../api';
import { RepliedTag } from './feedback-meta';

const sortable = sortableIn(FEEDBACK_SORT_KEYS);

const columns: ColumnSpec<FeedbackManageRow>[] = [
  {
    key: 'content',
    titleKey: 'feedback.content',
    render: (r) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.content }} style={{ marginBottom: 0, maxWidth: 420 }} data-testid="feedback-row-content">
        {r.content}
      </Typography.Paragraph>
    ),
  },
  { key: 'realname', titleKey: 'feedback.realname', render: (r) => `${r.realname} (${r.username})` },
  { key: 'contact', titleKey: 'feedback.contact' },
  { key: 'replied', titleKey: 'common.status', render: (r) => <RepliedTag replied={r.replied} /> },
  { key: 'replyCount', titleKey: 'feedback.replyCount' },
  timeColumn('createdAt', 'feedback.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'feedback-filter-keyword' },
  booleanFilter('replied', 'common.status', { true: 'feedback.replied', false: 'feedback.pending' }, { testId: 'feedback-filter-replied' }),
];

function ReplyLink({ r }: { r: FeedbackManageRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" data-testid="feedback-row-reply" onClick={() => void navigate(`/dashboard/feedback-reply?id=${r.id}`)}>
      {t(r.replied || !r.abilities.reply ? 'feedback.view' : 'feedback.reply')}
    </Button>
  );
}

/** Feedback (`manage-feedback`, code yjfk): list with the replied filter, export, reply page. */
export default function FeedbackListPage() {
  return (
    <CrudPage<FeedbackManageRow>
      testId="feedback-page"
      titleKey="perm.yjfk"
      queryKey="feedback"
      fetch={(p) => findFeedback(p)}
      columns={columns}
      filters={filters}
      menu="yjfk"
      exportFile={({ sort: _o, ...filters }) => exportFeedback(filters)}
      extraRowActions={(r) => <ReplyLink r={r} />}
    />
  );
}
