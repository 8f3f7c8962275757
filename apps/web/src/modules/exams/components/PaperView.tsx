import { Card, InputNumber, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { attemptAwaitsMarks, type AnswerValue, type AttemptPaper, type MarkedQuestion } from '@hanlin/shared';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function answerText(q: MarkedQuestion, a: AnswerValue | null, t: (k: string) => string): string {
  if (!a) return t('examResults.noAnswer');
  if (q.type === 'judgment') return (a.choices ?? []).map((c) => (c === 'T' ? t('examResults.true') : t('examResults.false'))).join(', ') || t('examResults.noAnswer');
  if (a.choices?.length) return a.choices.join(', ');
  if (a.blanks?.length) return a.blanks.map((b, i) => `(${i + 1}) ${b}`).join('  ');
  if (a.text) return a.text;
  if (a.stars) return '★'.repeat(a.stars);
  return t('examResults.noAnswer');
}

function keyText(q: MarkedQuestion, t: (k: string) => string): string {
  if (q.type === 'judgment') return q.keyAnswers.map((c) => (c === 'T' ? t('examResults.true') : t('examResults.false'))).join(', ');
  if (q.keyAnswers.length) return q.keyAnswers.join(', ');
  if (q.keyBlanks.length) return q.keyBlanks.map((alts, i) => `(${i + 1}) ${alts.join(' / ')}`).join('  ');
  return q.answerText;
}

export interface PaperViewProps {
  paper: AttemptPaper;
  /** Marking: the reviewer's marks being entered, by position (subjective questions only). */
  marks?: Record<number, number | null>;
  onMark?: (position: number, score: number | null) => void;
}

/** An attempt's questions with the answer, the key, the marks and the analysis (paper detail, marking, the student's review); mark inputs where the paper's abilities allow marks. */
export function PaperView({ paper, marks, onMark }: PaperViewProps) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="paper-view">
      {paper.questions.map((q) => {
        const editable = !!onMark && q.subjective && paper.abilities.mark;
        return (
          <Card
            key={q.position}
            size="small"
            data-testid={`paper-question-${q.position}`}
            title={
              <Space wrap>
                <span>{q.position}.</span>
                <Tag>{t(`examResults.type_${q.type}`)}</Tag>
                <span>{t('examResults.points', { n: q.score })}</span>
                {q.mark != null ? <Tag color={q.mark >= q.score ? 'green' : q.mark > 0 ? 'orange' : 'red'}>{t('examResults.mark', { n: q.mark })}</Tag> : null}
                {q.subjective && q.reviewScore == null && attemptAwaitsMarks(paper) ? <Tag color="orange">{t('examResults.waitingMark')}</Tag> : null}
              </Space>
            }
          >
            <div dangerouslySetInnerHTML={{ __html: q.stem }} />
            {q.options.length ? (
              <ul style={{ paddingLeft: 18 }}>
                {q.options.map((o, i) => (
                  <li key={i}>
                    {LETTERS[i]}. {o.content}
                  </li>
                ))}
              </ul>
            ) : null}
            <Typography.Paragraph style={{ marginBottom: 4, overflowWrap: 'anywhere' }}>
              <Typography.Text type="secondary">{t('examResults.yourAnswer')}: </Typography.Text>
              <span data-testid={`paper-answer-${q.position}`}>{answerText(q, q.answer, t)}</span>
            </Typography.Paragraph>
            <Typography.Paragraph style={{ marginBottom: 4, overflowWrap: 'anywhere' }}>
              <Typography.Text type="secondary">{t('examResults.key')}: </Typography.Text>
              {keyText(q, t)}
            </Typography.Paragraph>
            {q.keywords ? (
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                <Typography.Text type="secondary">{t('examResults.keywords')}: </Typography.Text>
                {q.keywords}
              </Typography.Paragraph>
            ) : null}
            {q.analysis ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4, overflowWrap: 'anywhere' }}>
                {t('examResults.analysis')}: {q.analysis}
              </Typography.Paragraph>
            ) : null}
            {editable ? (
              <Space>
                <span>{t('examResults.giveMark')}</span>
                <InputNumber
                  data-testid={`mark-input-${q.position}`}
                  min={0}
                  max={q.score}
                  step={0.5}
                  value={marks?.[q.position] ?? q.reviewScore ?? null}
                  onChange={(v) => onMark(q.position, v == null ? null : Number(v))}
                />
                <span>/ {q.score}</span>
              </Space>
            ) : null}
          </Card>
        );
      })}
    </Space>
  );
}
