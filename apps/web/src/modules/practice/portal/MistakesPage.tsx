import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, List, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedList, usePagedQuery } from '../../../platform/components/PagedList';
import { MISTAKE_SOURCES, QUESTION_TYPES, isOneOf, stemText, type AnswerValue, type MistakeAnswerResult, type MistakeRow, type QuestionType } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { useFeedback } from '../../../platform/feedback';
import { answerMistake, findMistakes, getMistakeSources, removeMistakes } from '../portal-api';
import { AnswerInput, FeedbackView, QuestionStem } from './AnswerInput';

/** One wrong question: its source, times wrong, the key when it may be shown; answer it again (right: it leaves the set). */
function MistakeItem({ m, onChanged }: { m: MistakeRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<AnswerValue>({});
  const [result, setResult] = useState<MistakeAnswerResult | null>(null);
  const again = useMutation({ mutationFn: () => answerMistake({ id: m.id, answer: value }), onSuccess: setResult });
  const remove = useMutation({ mutationFn: () => removeMistakes({ ids: [m.id] }), onSuccess: onChanged });
  return (
    <List.Item data-testid="mistake-item" style={{ display: 'block' }}>
      <Space wrap size={4} style={{ marginBottom: 4 }}>
        <Tag color={m.sourceKind === 'exam' ? 'purple' : 'blue'}>{t(`mistake.source_${m.sourceKind}`)}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {m.sourceName} · {t('mistake.times', { count: m.times })} · {formatTime(m.lastWrongAt)}
        </Typography.Text>
      </Space>
      <QuestionStem q={m.question} />
      {!open && m.key && <FeedbackView feedback={{ correct: false, key: m.key }} q={m.question} />}
      {open && (
        <div style={{ marginTop: 8 }}>
          <AnswerInput q={m.question} value={value} disabled={!!result} onChange={setValue} />
          {result && <FeedbackView feedback={result} q={m.question} />}
        </div>
      )}
      <Space wrap style={{ marginTop: 8 }}>
        {!open ? (
          <Button size="small" type="primary" onClick={() => setOpen(true)} data-testid="mistake-practise">
            {t('mistake.practise')}
          </Button>
        ) : result ? (
          <Button size="small" onClick={result.removed ? onChanged : () => (setResult(null), setValue({}))} data-testid="mistake-again">
            {t(result.removed ? 'mistake.mastered' : 'mistake.tryAgain')}
          </Button>
        ) : (
          <Button size="small" type="primary" loading={again.isPending} onClick={() => again.mutate()} data-testid="mistake-check">
            {t('practice.check')}
          </Button>
        )}
        <Button
          size="small"
          danger
          loading={remove.isPending}
          onClick={() =>
            modal.confirm({
              title: t('mistake.removeConfirm'),
              // Which question: its text, as the student reads it above.
              content: <span style={{ overflowWrap: 'anywhere' }}>{stemText(m.question.stem)}</span>,
              okButtonProps: { danger: true, 'data-testid': 'mistake-remove-ok' },
              onOk: () => remove.mutateAsync(),
            })
          }
          data-testid="mistake-remove"
        >
          {t('mistake.remove')}
        </Button>
      </Space>
    </List.Item>
  );
}

/** Student center "mistake set": wrong questions of my exams and practice, by source and type; re-practice and remove (390 px wide too). */
export default function MistakesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [source, setSource] = useState<string | undefined>();
  const [type, setType] = useState<QuestionType | undefined>();
  // A source is `<kind>:<id>`, as its option's value says.
  const [sourceKind, id] = source ? source.split(':') : [];
  const kind = isOneOf(MISTAKE_SOURCES, sourceKind) ? sourceKind : undefined;
  const sources = useQuery({ queryKey: ['mistakes', 'sources'], queryFn: () => getMistakeSources() });
  const paged = usePagedQuery(['mistakes', 'list', source, type], (paging) => findMistakes({ ...paging, sourceKind: kind, sourceId: id ? Number(id) : undefined, type }));
  const changed = () => void qc.invalidateQueries({ queryKey: ['mistakes'] });
  return (
    <Card title={t('center.mistakes')} data-testid="mistakes-page" styles={{ body: { padding: 12 } }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          allowClear
          placeholder={t('mistake.allSources')}
          style={{ minWidth: 200, maxWidth: '100%' }}
          value={source}
          onChange={(v) => {
            setSource(v);
            paged.setPage(1);
          }}
          options={(sources.data ?? []).map((s) => ({
            value: `${s.sourceKind}:${s.sourceId}`,
            label: `${t(`mistake.source_${s.sourceKind}`)} · ${s.sourceName} (${s.count})`,
          }))}
          data-testid="mistake-source"
        />
        <Select
          allowClear
          placeholder={t('mistake.allTypes')}
          style={{ minWidth: 140 }}
          value={type}
          onChange={(v) => {
            setType(v);
            paged.setPage(1);
          }}
          options={QUESTION_TYPES.map((x) => ({ value: x, label: t(`practice.type_${x}`) }))}
        />
      </Space>
      <PagedList paged={paged} emptyText={t('mistake.none')} renderItem={(m) => <MistakeItem key={m.id} m={m} onChanged={changed} />} />
    </Card>
  );
}
