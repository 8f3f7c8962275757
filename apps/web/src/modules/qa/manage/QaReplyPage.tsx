import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QaReplyRow } from '@hanlin/shared';
import { booleanFilter, CrudPage, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { findQaReplies, hideQaReplies, restoreQaReplies } from '../api';

function KindText({ r }: { r: QaReplyRow }) {
  const { t } = useTranslation();
  return <>{t(`qa.kind_${r.kind}`)}</>;
}

/** Hidden or shown; a reply holding a word of the current setting shows it. */
function ReplyState({ r }: { r: QaReplyRow }) {
  const { t } = useTranslation();
  return (
    <>
      {r.hidden ? (
        <Tag color="default" data-testid="qa-reply-hidden">
          {t('qaReplies.hidden')}
        </Tag>
      ) : (
        <Tag color="green">{t('qaReplies.shown')}</Tag>
      )}
      {r.sensitiveWord ? (
        <Tag color="red" data-testid="qa-reply-sensitive">
          {t('qaReplies.holds', { word: r.sensitiveWord })}
        </Tag>
      ) : null}
    </>
  );
}

const columns: ColumnSpec<QaReplyRow>[] = [
  {
    key: 'content',
    titleKey: 'qa.content',
    render: (r) => (
      <Typography.Text data-testid="qa-reply-content" style={{ whiteSpace: 'pre-wrap' }}>
        {r.content}
      </Typography.Text>
    ),
  },
  { key: 'entryTitle', titleKey: 'qaReplies.entry', ellipsis: true },
  { key: 'kind', titleKey: 'qa.replyKind', width: 100, render: (r) => <KindText r={r} /> },
  { key: 'authorName', titleKey: 'qaReplies.author', priority: 'medium' },
  { key: 'hidden', titleKey: 'common.status', render: (r) => <ReplyState r={r} /> },
  { key: 'hiddenByName', titleKey: 'qaReplies.hiddenBy', priority: 'medium', render: (r) => r.hiddenByName ?? '—' },
  timeColumn('createdAt', 'common.createdAt'),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'qa-reply-filter-keyword' },
  booleanFilter('hidden', 'common.status', { true: 'qaReplies.hidden', false: 'qaReplies.shown' }, { testId: 'qa-reply-filter-hidden' }),
  booleanFilter('sensitive', 'qaReplies.sensitive', { true: 'qaReplies.sensitiveYes', false: 'qaReplies.sensitiveNo' }, { testId: 'qa-reply-filter-sensitive' }),
];

/**
 * Reply moderation (`manage-QA-replies`, code wdgl): the students' answers and follow-ups under the entries in
 * the caller's scope, flagged when they hold a word of the current sensitive-word setting; hide takes one out of
 * the student center, restore brings it back (not while it holds a sensitive word). Both need wdgl:modify.
 */
export default function QaReplyPage() {
  return (
    <CrudPage<QaReplyRow>
      testId="qa-reply-page"
      titleKey="page.manage-QA-replies"
      queryKey="qa-replies"
      fetch={(p) => findQaReplies(p)}
      columns={columns}
      filters={filters}
      menu="wdgl"
      recordName={(r) => r.content.slice(0, 40)}
      extraBatch={[
        { key: 'hide', labelKey: 'qaReplies.hide', perm: 'wdgl:modify', run: (ids) => hideQaReplies({ ids }), row: (r) => r.abilities.hide },
        { key: 'restore', labelKey: 'qaReplies.restore', perm: 'wdgl:modify', run: (ids) => restoreQaReplies({ ids }), row: (r) => r.abilities.restore },
      ]}
    />
  );
}
