// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QuestionnaireItemsSchema, type AnswerSet, type QuestionnaireItemInput } from '@hanlin/shared';
import '../../../platform/kernel/testing/render';
import { QuestionnaireAnswerForm } from './QuestionnaireAnswerForm';
import { answerProblems } from './answer-set';

const items = QuestionnaireItemsSchema.parse([
  { kind: 'section', key: 's1', title: 'About you' },
  { kind: 'single', key: 'role', title: 'Your role', options: ['Operator', 'Engineer'], allowOther: true, required: true },
  { kind: 'multiple', key: 'tools', title: 'Tools you use', options: ['Drill', 'Saw', 'Lathe'], minPicks: 2, maxPicks: 2, condition: { itemKey: 'role', anyOf: [0] } },
  { kind: 'text', key: 'name', title: 'Nickname' },
  { kind: 'textarea', key: 'notes', title: 'Remarks', required: true },
  { kind: 'rating', key: 'stars', title: 'Overall', scale: 10 },
  { kind: 'matrix', key: 'grid', title: 'Agree?', rows: ['Clear', 'Useful'], columns: ['No', 'Maybe', 'Yes'], required: true },
  { kind: 'number', key: 'years', title: 'Years on the job', min: 0, max: 50, integer: true },
  { kind: 'date', key: 'since', title: 'Hired on' },
] satisfies QuestionnaireItemInput[]);

/** The form as a page holds it: its answers in state, the problems from the shared check on "submit". */
function Harness({ initial = {}, readOnly = false, onSubmit }: { initial?: AnswerSet; readOnly?: boolean; onSubmit?: (a: AnswerSet) => void }) {
  const [value, setValue] = useState<AnswerSet>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <>
      <QuestionnaireAnswerForm items={items} value={value} onChange={setValue} readOnly={readOnly} errors={errors} />
      <button
        data-testid="submit"
        onClick={() => {
          const problems = answerProblems(items, value);
          setErrors(problems);
          if (!Object.keys(problems).length) onSubmit?.(value);
        }}
      />
      <pre data-testid="value">{JSON.stringify(value)}</pre>
    </>
  );
}
const value = () => JSON.parse(screen.getByTestId('value').textContent!) as AnswerSet;
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId));
const type = (testId: string, text: string) => {
  const el = screen.getByTestId(testId);
  fireEvent.change(el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input, textarea')!, { target: { value: text } });
};

describe('QuestionnaireAnswerForm', () => {
  it('renders every kind of item, numbering questions but not sections', () => {
    render(<Harness />);
    expect(screen.getByTestId('q-s1').textContent).toContain('About you');
    expect(screen.getByTestId('q-role').textContent).toContain('1. Your role');
    // `tools` is asked only of operators: hidden until then, and the numbering skips it.
    expect(screen.queryByTestId('q-tools')).toBeNull();
    expect(screen.getByTestId('q-name').textContent).toContain('2. Nickname');
    expect(screen.getByTestId('q-role-opt-2').closest('label')!.textContent).toContain('其他');
    expect(screen.getByTestId('q-notes-text').tagName).toBe('TEXTAREA');
    expect(screen.getByTestId('q-stars-rating').querySelectorAll('.ant-rate-star')).toHaveLength(10);
    expect(within(screen.getByTestId('q-grid-matrix')).getAllByRole('radio')).toHaveLength(6);
    expect(screen.getByTestId('q-years-number')).toBeTruthy();
    expect(screen.getByTestId('q-since-date')).toBeTruthy();
  });

  it('shows a question when its condition holds and drops its answer when it no longer does', () => {
    render(<Harness />);
    click('q-role-opt-0');
    expect(screen.getByTestId('q-tools').textContent).toContain('请选择 2–2 项');
    click('q-tools-opt-0');
    click('q-tools-opt-2');
    expect(value()).toEqual({ role: { picks: [0] }, tools: { picks: [0, 2] } });
    click('q-role-opt-1');
    expect(screen.queryByTestId('q-tools')).toBeNull();
    // The hidden question's answer is not kept, so it is never sent.
    expect(value()).toEqual({ role: { picks: [1] } });
  });

  it('asks what "other" is and keeps its text with the pick', () => {
    render(<Harness />);
    expect(screen.queryByTestId('q-role-other')).toBeNull();
    click('q-role-opt-2');
    type('q-role-other', 'Inspector');
    expect(value().role).toEqual({ picks: [2], other: 'Inspector' });
  });

  it('keeps one column per matrix row, a number, a rating and texts; a cleared text is left out', () => {
    render(<Harness />);
    click('q-grid-1-2');
    click('q-grid-0-0');
    click('q-grid-1-1');
    type('q-name', 'Ana');
    type('q-name', '');
    type('q-years-number', '7');
    fireEvent.click(screen.getByTestId('q-stars-rating').querySelectorAll('.ant-rate-star > div')[7]!);
    expect(value()).toEqual({ grid: { rows: [0, 1] }, years: { number: 7 }, stars: { rating: 8 } });
  });

  it('shows the shared check’s problems under their questions; a complete set goes out', () => {
    const sent: AnswerSet[] = [];
    render(<Harness onSubmit={(a) => sent.push(a)} />);
    click('q-role-opt-0');
    click('q-tools-opt-1');
    click('q-grid-0-2');
    act(() => click('submit'));
    expect(screen.getByTestId('q-notes-error').textContent).toBe('此题必答');
    expect(screen.getByTestId('q-tools-error').textContent).toBe('选择的项数太少');
    // A matrix with a row left out is incomplete.
    expect(screen.getByTestId('q-grid-error').textContent).toBe('此题必答');
    expect(screen.queryByTestId('q-role-error')).toBeNull();
    expect(sent).toEqual([]);

    click('q-tools-opt-2');
    click('q-grid-1-0');
    type('q-notes', 'Fine');
    act(() => click('submit'));
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(0);
    expect(sent).toEqual([{ role: { picks: [0] }, tools: { picks: [1, 2] }, notes: { text: 'Fine' }, grid: { rows: [2, 0] } }]);
  });

  it('shows a text the page gives as it is (a server refusal)', () => {
    render(<QuestionnaireAnswerForm items={items} value={{}} errors={{ name: 'Refused by the server' }} />);
    expect(screen.getByTestId('q-name-error').textContent).toBe('Refused by the server');
  });

  it('read-only: shows the answers, nothing changes them', () => {
    render(<Harness readOnly initial={{ role: { picks: [0] }, tools: { picks: [0, 1] }, notes: { text: 'Kept' }, grid: { rows: [1, 2] } }} />);
    expect((screen.getByTestId('q-role-opt-0') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('q-role-opt-1') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('q-notes-text') as HTMLTextAreaElement).value).toBe('Kept');
    expect((screen.getByTestId('q-notes-text') as HTMLTextAreaElement).readOnly).toBe(true);
    click('q-role-opt-1');
    click('q-grid-0-0');
    expect(value().role).toEqual({ picks: [0] });
    expect(value().grid).toEqual({ rows: [1, 2] });
  });
});
