import { Checkbox, Input, Radio, Rate, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPTION_LETTERS, type AnswerValue, type DrawnQuestion, type PracticeFeedback } from '@hanlin/shared';
import { RichTextView } from '../../../platform/components/RichTextView';

type Face = Omit<DrawnQuestion, 'position'>;

/** The answer control of one question, whatever its type (choices, blanks, text, stars). */
export function AnswerInput({ q, value, onChange, disabled }: { q: Face; value: AnswerValue; onChange: (v: AnswerValue) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const letters = q.options.map((_, i) => OPTION_LETTERS[i]);
  // One line per option, "A. text": a radio for a single choice, a checkbox for a multiple one.
  const optionList = (Option: typeof Radio | typeof Checkbox) => (
    <Space direction="vertical">
      {q.options.map((o, i) => (
        <Option key={letters[i]} value={letters[i]}>
          {letters[i]}. {o.content}
        </Option>
      ))}
    </Space>
  );
  switch (q.type) {
    case 'single':
      return (
        <Radio.Group disabled={disabled} value={value.choices?.[0]} onChange={(e) => onChange({ choices: [e.target.value] })} data-testid="answer-single">
          {optionList(Radio)}
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group disabled={disabled} value={value.choices ?? []} onChange={(v) => onChange({ choices: v })} data-testid="answer-multiple">
          {optionList(Checkbox)}
        </Checkbox.Group>
      );
    case 'judgment':
      return (
        <Radio.Group disabled={disabled} value={value.choices?.[0]} onChange={(e) => onChange({ choices: [e.target.value] })} data-testid="answer-judgment">
          <Radio value="T">{t('practice.true')}</Radio>
          <Radio value="F">{t('practice.false')}</Radio>
        </Radio.Group>
      );
    case 'fill':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {Array.from({ length: Math.max(1, q.blankCount) }, (_, i) => (
            <Input
              key={i}
              disabled={disabled}
              prefix={`${i + 1}.`}
              value={value.blanks?.[i] ?? ''}
              data-testid={`answer-blank-${i + 1}`}
              onChange={(e) => {
                const blanks = Array.from({ length: Math.max(1, q.blankCount) }, (_, k) => value.blanks?.[k] ?? '');
                blanks[i] = e.target.value;
                onChange({ blanks });
              }}
            />
          ))}
        </Space>
      );
    case 'rating':
      return <Rate disabled={disabled} count={q.stars} value={value.stars ?? 0} onChange={(stars) => onChange({ stars })} />;
    default:
      return (
        <Input.TextArea
          disabled={disabled}
          rows={4}
          maxLength={2000}
          value={value.text ?? ''}
          onChange={(e) => onChange({ text: e.target.value })}
          data-testid="answer-text"
        />
      );
  }
}

/** The stem of a question (sanitized rich text) with its type and score. */
export function QuestionStem({ q, index }: { q: Face; index?: number }) {
  const { t } = useTranslation();
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      <div style={{ color: '#888', fontSize: 12 }}>
        {index !== undefined ? `${index}. ` : ''}
        {t(`practice.type_${q.type}`)} · {t('practice.points', { score: q.score })}
      </div>
      <RichTextView html={q.stem} testId="question-stem" />
    </div>
  );
}

/** Right or wrong, the right answer, the reference answer and the analysis. */
export function FeedbackView({ feedback, q }: { feedback: Pick<PracticeFeedback, 'correct'> & { key: PracticeFeedback['key'] | null }; q: Face }) {
  const { t } = useTranslation();
  const k = feedback.key;
  const right = k
    ? q.type === 'fill'
      ? k.blanks.map((b) => b.join(' / ')).join('; ')
      : q.type === 'judgment'
        ? k.answers.map((a) => t(a === 'T' ? 'practice.true' : 'practice.false')).join(', ')
        : k.answers.join(', ')
    : '';
  return (
    <div data-testid="practice-feedback" style={{ marginTop: 8, padding: 8, background: '#fafafa', borderRadius: 4, overflowWrap: 'anywhere' }}>
      <div
        data-testid={`feedback-${feedback.correct === null ? 'unmarked' : feedback.correct ? 'correct' : 'wrong'}`}
        style={{ fontWeight: 600, color: feedback.correct === null ? '#1677ff' : feedback.correct ? '#389e0d' : '#cf1322' }}
      >
        {t(feedback.correct === null ? 'practice.unmarked' : feedback.correct ? 'practice.correct' : 'practice.wrong')}
      </div>
      {k && right && (
        <div>
          {t('practice.rightAnswer')}: {right}
        </div>
      )}
      {k?.answerText && (
        <div>
          {t('practice.reference')}: {k.answerText}
        </div>
      )}
      {k?.analysis && (
        <div>
          {t('practice.analysis')}: {k.analysis}
        </div>
      )}
      {!k && <div style={{ color: '#888' }}>{t('mistake.keyHidden')}</div>}
    </div>
  );
}
