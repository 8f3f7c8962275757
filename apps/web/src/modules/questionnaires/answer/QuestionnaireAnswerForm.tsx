import { memo, useCallback, useRef, type ReactNode } from 'react';
import { Checkbox, DatePicker, Input, InputNumber, Radio, Rate, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ANSWER_PROBLEMS, isItemShown, isOneOf, otherPick, type AnswerProblem, type AnswerSet, type ItemAnswer, type QuestionnaireItem } from '@hanlin/shared';
import { shownAnswers } from './answer-set';
import './answer-form.css';

export interface QuestionnaireAnswerFormProps {
  /** The questionnaire's items, in order (sections and questions). */
  items: readonly QuestionnaireItem[];
  /** The answers so far, by item key. */
  value: AnswerSet;
  /** The answers after a change: only questions shown for them, blanks left out (what is saved or sent). */
  onChange?: (next: AnswerSet) => void;
  /** Shows the answers without inputs that change them. */
  readOnly?: boolean;
  /** A problem per item key (`answerProblems`, or a server refusal's `data.problem`), or a text to show as is. */
  errors?: Readonly<Record<string, AnswerProblem | string>>;
}

type Asked = Exclude<QuestionnaireItem, { kind: 'section' }>;
type Choice = Extract<QuestionnaireItem, { kind: 'single' | 'multiple' }>;
interface InputProps<I extends Asked = Asked> {
  item: I;
  answer: ItemAnswer | undefined;
  readOnly: boolean;
  onAnswer: (key: string, a: ItemAnswer | undefined) => void;
}

const block = { display: 'flex', width: '100%', padding: '4px 0', marginInlineStart: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;
const picksOf = (a: ItemAnswer | undefined) => (a && 'picks' in a ? a.picks : []);
const otherOf = (a: ItemAnswer | undefined) => (a && 'picks' in a ? (a.other ?? '') : '');

/** Single and multiple choice, with "other, please specify" when the item allows it. */
function ChoiceInput({ item, answer, readOnly, onAnswer }: InputProps<Choice>) {
  const { t } = useTranslation();
  const picks = picksOf(answer);
  const other = otherOf(answer);
  const otherIndex = otherPick(item);
  const choices = item.allowOther ? [...item.options, t('questionnaireAnswer.other')] : item.options;
  const set = (next: number[], text = other) => onAnswer(item.key, { picks: next, ...(item.allowOther && next.includes(otherIndex) ? { other: text } : {}) });
  const tid = `q-${item.key}`;
  const otherInput = item.allowOther && picks.includes(otherIndex) && (
    <Input
      value={other}
      maxLength={200}
      readOnly={readOnly}
      placeholder={t('questionnaireAnswer.otherPlaceholder')}
      aria-label={t('questionnaireAnswer.otherPlaceholder')}
      data-testid={`${tid}-other`}
      onChange={(e) => set(picks, e.target.value)}
      style={{ marginTop: 4 }}
    />
  );
  if (item.kind === 'single')
    return (
      <>
        <Radio.Group value={picks[0]} disabled={readOnly} onChange={(e) => set([e.target.value])} style={{ width: '100%' }}>
          {choices.map((o, i) => (
            <Radio key={i} value={i} style={block} data-testid={`${tid}-opt-${i}`}>
              {o}
            </Radio>
          ))}
        </Radio.Group>
        {otherInput}
      </>
    );
  return (
    <>
      <Checkbox.Group<number> value={picks} disabled={readOnly} onChange={(v) => set([...v].sort((a, b) => a - b))} style={{ width: '100%', display: 'block' }}>
        {choices.map((o, i) => (
          <Checkbox key={i} value={i} style={block} data-testid={`${tid}-opt-${i}`}>
            {o}
          </Checkbox>
        ))}
      </Checkbox.Group>
      {otherInput}
    </>
  );
}

/** Rows × scale: one choice per row; the table scrolls inside itself on a narrow screen. */
function MatrixInput({ item, answer, readOnly, onAnswer }: InputProps<Extract<QuestionnaireItem, { kind: 'matrix' }>>) {
  const rows = item.rows.map((_, i) => (answer && 'rows' in answer ? (answer.rows[i] ?? null) : null));
  const pick = (row: number, col: number) => onAnswer(item.key, { rows: rows.map((r, i) => (i === row ? col : r)) });
  return (
    <div className="qa-matrix" data-testid={`q-${item.key}-matrix`}>
      <table>
        <thead>
          <tr>
            <th />
            {item.columns.map((c, j) => (
              <th key={j} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {item.rows.map((r, i) => (
            <tr key={i}>
              <th scope="row">{r}</th>
              {item.columns.map((c, j) => (
                <td key={j}>
                  <Radio checked={rows[i] === j} disabled={readOnly} aria-label={`${r}: ${c}`} data-testid={`q-${item.key}-${i}-${j}`} onChange={() => pick(i, j)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The input of one question, by kind. */
function AnswerInput(p: InputProps) {
  const { item, answer, readOnly, onAnswer } = p;
  const tid = `q-${item.key}`;
  switch (item.kind) {
    case 'single':
    case 'multiple':
      return <ChoiceInput {...p} item={item} />;
    case 'text':
    case 'textarea': {
      const text = answer && 'text' in answer ? answer.text : '';
      const common = { value: text, maxLength: item.maxLength, readOnly, 'data-testid': `${tid}-text`, 'aria-label': item.title };
      return item.kind === 'text' ? (
        <Input {...common} onChange={(e) => onAnswer(item.key, { text: e.target.value })} />
      ) : (
        <Input.TextArea {...common} showCount={!readOnly} autoSize={{ minRows: 3, maxRows: 12 }} onChange={(e) => onAnswer(item.key, { text: e.target.value })} />
      );
    }
    case 'rating':
      return (
        <span data-testid={`${tid}-rating`} className="qa-rating">
          <Rate
            count={item.scale}
            value={answer && 'rating' in answer ? answer.rating : 0}
            disabled={readOnly}
            onChange={(v) => onAnswer(item.key, v ? { rating: v } : undefined)}
          />
        </span>
      );
    case 'matrix':
      return <MatrixInput {...p} item={item} />;
    case 'number':
      return (
        <InputNumber
          value={answer && 'number' in answer ? answer.number : null}
          min={item.min}
          max={item.max}
          precision={item.integer ? 0 : undefined}
          readOnly={readOnly}
          aria-label={item.title}
          data-testid={`${tid}-number`}
          style={{ width: '100%', maxWidth: 240 }}
          onChange={(v) => onAnswer(item.key, typeof v === 'number' && Number.isFinite(v) ? { number: v } : undefined)}
        />
      );
    case 'date':
      return (
        <DatePicker
          value={answer && 'date' in answer ? dayjs(answer.date) : null}
          disabled={readOnly}
          inputReadOnly
          aria-label={item.title}
          data-testid={`${tid}-date`}
          style={{ width: '100%', maxWidth: 240 }}
          onChange={(d) => onAnswer(item.key, d ? { date: d.format('YYYY-MM-DD') } : undefined)}
        />
      );
  }
}

/** What a question asks beyond its kind: picks allowed, number range. */
function hintOf(item: Asked, t: (k: string, o?: Record<string, unknown>) => string): string | null {
  if (item.kind === 'multiple' && (item.minPicks !== undefined || item.maxPicks !== undefined)) {
    if (item.minPicks !== undefined && item.maxPicks !== undefined) return t('questionnaireAnswer.picksBetween', { min: item.minPicks, max: item.maxPicks });
    return item.minPicks !== undefined ? t('questionnaireAnswer.picksAtLeast', { min: item.minPicks }) : t('questionnaireAnswer.picksAtMost', { max: item.maxPicks });
  }
  if (item.kind === 'number' && (item.min !== undefined || item.max !== undefined)) return t('questionnaireAnswer.range', { min: item.min ?? '−∞', max: item.max ?? '∞' });
  return null;
}

const isProblem = (e: string): e is AnswerProblem => isOneOf(ANSWER_PROBLEMS, e);

const Question = memo(function Question({ item, number, answer, readOnly, error, onAnswer }: InputProps & { number: number; error: string | undefined }) {
  const { t } = useTranslation();
  const hint = hintOf(item, t);
  const kind = item.kind === 'rating' ? t('questionnaireAnswer.kind_rating', { scale: item.scale }) : t(`questionnaireAnswer.kind_${item.kind}`);
  const errorText = error && (isProblem(error) ? t(`questionnaireAnswer.problem_${error}`) : error);
  return (
    <section className={`qa-question${errorText ? ' qa-question-error' : ''}`} data-testid={`q-${item.key}`} aria-invalid={!!errorText}>
      <div className="qa-title">
        <Typography.Text strong>
          {number}. {item.title}
        </Typography.Text>
        {item.required && (
          <Typography.Text type="danger" aria-label={t('questionnaireAnswer.required')}>
            {' '}
            *
          </Typography.Text>
        )}{' '}
        <Tag>{kind}</Tag>
      </div>
      {item.description && (
        <Typography.Paragraph type="secondary" className="qa-description">
          {item.description}
        </Typography.Paragraph>
      )}
      {hint && (
        <Typography.Text type="secondary" className="qa-hint">
          {hint}
        </Typography.Text>
      )}
      <div className="qa-input">
        <AnswerInput item={item} answer={answer} readOnly={readOnly} onAnswer={onAnswer} />
      </div>
      {errorText && (
        <Typography.Text type="danger" role="alert" data-testid={`q-${item.key}-error`}>
          {errorText}
        </Typography.Text>
      )}
    </section>
  );
});

/**
 * A respondent's form of a questionnaire (surveys, later training satisfaction): every item kind,
 * the items whose condition holds (the shared `isItemShown`), the problems given per question. It
 * knows nothing of where the answers go: the page keeps `value`, saves and submits.
 */
export function QuestionnaireAnswerForm({ items, value, onChange, readOnly = false, errors = {} }: QuestionnaireAnswerFormProps) {
  // The latest answers and callback, so a question re-renders only when its own answer changes.
  const latest = useRef({ items, value, onChange });
  latest.current = { items, value, onChange };
  const onAnswer = useCallback((key: string, a: ItemAnswer | undefined) => {
    const { items: all, value: now, onChange: report } = latest.current;
    const next: AnswerSet = { ...now };
    if (a) next[key] = a;
    else delete next[key];
    report?.(shownAnswers(all, next));
  }, []);
  let n = 0;
  const out: ReactNode[] = [];
  for (const item of items) {
    if (!isItemShown(items, value, item.key)) continue;
    if (item.kind === 'section') {
      out.push(
        <div key={item.key} className="qa-section" data-testid={`q-${item.key}`}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {item.title}
          </Typography.Title>
          {item.description && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {item.description}
            </Typography.Paragraph>
          )}
        </div>,
      );
      continue;
    }
    n += 1;
    out.push(<Question key={item.key} item={item} number={n} answer={value[item.key]} readOnly={readOnly} error={errors[item.key]} onAnswer={onAnswer} />);
  }
  return (
    <Space orientation="vertical" size={12} className="qa-form" style={{ width: '100%' }} data-testid="questionnaire-answer-form">
      {out}
    </Space>
  );
}
