import { memo } from 'react';
import { Button, Card, Checkbox, Input, Radio, Rate, Space, Tag, Typography } from 'antd';
import { FlagFilled, FlagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OPTION_LETTERS, type AnswerValue, type SheetQuestion } from '@hanlin/shared';
import { RichTextView } from '../../../platform/components/RichTextView';

export interface QuestionViewProps {
  question: SheetQuestion;
  /** The number shown (1-based order on the sheet). */
  index: number;
  answer: AnswerValue | null;
  flagged: boolean;
  disabled: boolean;
  /** A change of this question's answer or flag (stable: the sheet re-renders only the question that changed). */
  onChange: (position: number, patch: { answer?: AnswerValue | null; flagged?: boolean }) => void;
}

const block = { display: 'flex', width: '100%', padding: '6px 0', whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

/** The input of one question, by type (every type the bank has). */
function AnswerInput({
  question: q,
  answer,
  disabled,
  onAnswer,
}: Pick<QuestionViewProps, 'question' | 'answer' | 'disabled'> & { onAnswer: (a: AnswerValue | null) => void }) {
  const { t } = useTranslation();
  const tid = `answer-${q.position}`;
  switch (q.type) {
    case 'single':
      return (
        <Radio.Group value={answer?.choices?.[0]} disabled={disabled} onChange={(e) => onAnswer({ choices: [e.target.value] })} style={{ width: '100%' }}>
          {q.options.map((o, i) => (
            <Radio key={i} value={OPTION_LETTERS[i]} style={block} data-testid={`${tid}-${OPTION_LETTERS[i]}`}>
              {OPTION_LETTERS[i]}. {o.content}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group value={answer?.choices ?? []} disabled={disabled} onChange={(v) => onAnswer({ choices: [...v].sort() })} style={{ width: '100%', display: 'block' }}>
          {q.options.map((o, i) => (
            <Checkbox key={i} value={OPTION_LETTERS[i]} style={{ ...block, marginInlineStart: 0 }} data-testid={`${tid}-${OPTION_LETTERS[i]}`}>
              {OPTION_LETTERS[i]}. {o.content}
            </Checkbox>
          ))}
        </Checkbox.Group>
      );
    case 'judgment':
      return (
        <Radio.Group value={answer?.choices?.[0]} disabled={disabled} onChange={(e) => onAnswer({ choices: [e.target.value] })}>
          <Radio value="T" data-testid={`${tid}-T`}>
            {t('examTaking.true')}
          </Radio>
          <Radio value="F" data-testid={`${tid}-F`}>
            {t('examTaking.false')}
          </Radio>
        </Radio.Group>
      );
    case 'fill': {
      const n = Math.max(1, q.blankCount);
      const blanks = Array.from({ length: n }, (_, i) => answer?.blanks?.[i] ?? '');
      return (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {blanks.map((b, i) => (
            <Input
              key={i}
              value={b}
              maxLength={200}
              disabled={disabled}
              prefix={<Typography.Text type="secondary">{i + 1}.</Typography.Text>}
              placeholder={t('examTaking.blank', { n: i + 1 })}
              data-testid={`${tid}-blank-${i + 1}`}
              onChange={(e) => onAnswer({ blanks: blanks.map((x, j) => (j === i ? e.target.value : x)) })}
            />
          ))}
        </Space>
      );
    }
    case 'short':
    case 'operation':
    case 'calculation':
      return (
        <Input.TextArea
          value={answer?.text ?? ''}
          maxLength={2000}
          showCount
          autoSize={{ minRows: 4, maxRows: 16 }}
          disabled={disabled}
          placeholder={t('examTaking.textPlaceholder')}
          data-testid={`${tid}-text`}
          onChange={(e) => onAnswer({ text: e.target.value })}
        />
      );
    case 'rating':
      return (
        <span data-testid={`${tid}-rating`}>
          <Rate count={Math.max(1, q.stars)} value={answer?.stars ?? 0} disabled={disabled} onChange={(v) => onAnswer({ stars: v })} />
        </span>
      );
    default:
      return null;
  }
}

/** One question of the answer sheet: number, type, score, the stem (sanitized rich text), the input and the flag. */
export const QuestionView = memo(function QuestionView(p: QuestionViewProps) {
  const { t } = useTranslation();
  const q = p.question;
  return (
    <Card
      size="small"
      id={`question-${q.position}`}
      data-testid={`question-${q.position}`}
      style={{ scrollMarginTop: 72 }}
      title={
        <Space wrap size={4}>
          <Typography.Text strong>{p.index}.</Typography.Text>
          <Tag>{t(`examTaking.type_${q.type}`)}</Tag>
          <Typography.Text type="secondary">{t('examTaking.points', { score: q.score })}</Typography.Text>
        </Space>
      }
      extra={
        <Button
          size="small"
          type="text"
          disabled={p.disabled}
          icon={p.flagged ? <FlagFilled style={{ color: '#ad4e00' }} /> : <FlagOutlined />}
          aria-pressed={p.flagged}
          data-testid={`flag-${q.position}`}
          onClick={() => p.onChange(q.position, { flagged: !p.flagged })}
        >
          {p.flagged ? t('examTaking.unflag') : t('examTaking.flag')}
        </Button>
      }
    >
      <div style={{ marginBottom: 12 }}>
        <RichTextView html={q.stem} testId={`stem-${q.position}`} />
      </div>
      <AnswerInput question={q} answer={p.answer} disabled={p.disabled} onAnswer={(answer) => p.onChange(q.position, { answer })} />
    </Card>
  );
});
