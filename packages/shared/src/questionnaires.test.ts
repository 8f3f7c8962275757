import { describe, expect, it } from 'vitest';
import { QuestionnaireItemsSchema, checkAnswers, isItemShown, type AnswerSet, type QuestionnaireItemInput } from './questionnaires.js';

const items = QuestionnaireItemsSchema.parse([
  { kind: 'section', key: 's1', title: 'About you' },
  { kind: 'single', key: 'dept', title: 'Department', required: true, options: ['Sales', 'R&D', 'HR'], allowOther: true },
  { kind: 'multiple', key: 'tools', title: 'Tools you use', options: ['Mail', 'Chat', 'Wiki', 'Tickets'], minPicks: 2, maxPicks: 3 },
  { kind: 'single', key: 'why', title: 'Do you write code?', required: true, options: ['Yes', 'No'], condition: { itemKey: 'dept', anyOf: [1] } },
  { kind: 'text', key: 'detail', title: 'Which language?', required: true, condition: { itemKey: 'why', anyOf: [0] } },
  { kind: 'rating', key: 'stars', title: 'Rate the course', required: true, scale: 10 },
  { kind: 'matrix', key: 'grid', title: 'Agree?', required: true, rows: ['Clear', 'Useful'], columns: ['No', 'Somewhat', 'Yes'] },
  { kind: 'number', key: 'years', title: 'Years here', min: 0, max: 50, integer: true },
  { kind: 'date', key: 'joined', title: 'Joined on' },
] satisfies QuestionnaireItemInput[]);

const complete: AnswerSet = { dept: { picks: [0] }, stars: { rating: 9 }, grid: { rows: [2, 1] } };

describe('questionnaire items', () => {
  it('refuses repeated keys, conditions on later or non-choice items and unknown options, naming the item', () => {
    const result = QuestionnaireItemsSchema.safeParse([
      { kind: 'text', key: 'a', title: 'A' },
      { kind: 'text', key: 'a', title: 'Again' },
      { kind: 'single', key: 'b', title: 'B', options: ['x', 'y'], condition: { itemKey: 'c', anyOf: [0] } },
      { kind: 'single', key: 'c', title: 'C', options: ['x', 'y'], condition: { itemKey: 'a', anyOf: [0] } },
      { kind: 'text', key: 'd', title: 'D', condition: { itemKey: 'c', anyOf: [5] } },
      { kind: 'multiple', key: 'e', title: 'E', options: ['x', 'y'], minPicks: 2, maxPicks: 1 },
      { kind: 'number', key: 'f', title: 'F', min: 10, max: 1 },
    ]);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['1.key', '2.condition', '3.condition', '4.condition', '5.maxPicks', '6.max']);
  });

  it('takes a rating scale of 5 or 10 only and needs two options for a choice', () => {
    expect(QuestionnaireItemsSchema.safeParse([{ kind: 'rating', key: 'r', title: 'R', scale: 7 }]).success).toBe(false);
    expect(QuestionnaireItemsSchema.safeParse([{ kind: 'single', key: 's', title: 'S', options: ['only'] }]).success).toBe(false);
  });
});

describe('answers against the items', () => {
  it('accepts a complete answer set', () => {
    expect(checkAnswers(items, complete)).toEqual([]);
  });

  it('names every required item left empty, and none of them while a draft is kept', () => {
    expect(checkAnswers(items, {})).toEqual([
      { key: 'dept', problem: 'required' },
      { key: 'stars', problem: 'required' },
      { key: 'grid', problem: 'required' },
    ]);
    expect(checkAnswers(items, {}, { partial: true })).toEqual([]);
    expect(checkAnswers(items, { ...complete, grid: { rows: [2, null] } })).toEqual([{ key: 'grid', problem: 'required' }]);
  });

  it('shows a conditional item only when its condition holds, through a chain, and refuses answers to hidden items', () => {
    expect(isItemShown(items, complete, 'why')).toBe(false);
    const rnd: AnswerSet = { ...complete, dept: { picks: [1] } };
    expect(isItemShown(items, rnd, 'why')).toBe(true);
    expect(checkAnswers(items, rnd)).toEqual([{ key: 'why', problem: 'required' }]);
    expect(checkAnswers(items, { ...complete, why: { picks: [0] } })).toEqual([{ key: 'why', problem: 'hidden' }]);
    // `detail` hangs on `why`, which hangs on `dept`: answered yes, then the department changed, it is hidden again.
    const coder: AnswerSet = { ...rnd, why: { picks: [0] } };
    expect(checkAnswers(items, coder)).toEqual([{ key: 'detail', problem: 'required' }]);
    expect(isItemShown(items, { ...coder, dept: { picks: [2] } }, 'detail')).toBe(false);
    expect(checkAnswers(items, { ...coder, dept: { picks: [2] } })).toEqual([{ key: 'why', problem: 'hidden' }]);
  });

  it('checks picks: known options, one for a single choice, the pick limits, the other text', () => {
    expect(checkAnswers(items, { ...complete, dept: { picks: [7] } })).toEqual([{ key: 'dept', problem: 'unknownOption' }]);
    expect(checkAnswers(items, { ...complete, dept: { picks: [0, 2] } })).toEqual([{ key: 'dept', problem: 'tooManyPicks' }]);
    expect(checkAnswers(items, { ...complete, dept: { picks: [3] } })).toEqual([{ key: 'dept', problem: 'otherMissing' }]);
    expect(checkAnswers(items, { ...complete, dept: { picks: [3], other: 'Legal' } })).toEqual([]);
    expect(checkAnswers(items, { ...complete, tools: { picks: [0] } })).toEqual([{ key: 'tools', problem: 'tooFewPicks' }]);
    expect(checkAnswers(items, { ...complete, tools: { picks: [0, 1, 2, 3] } })).toEqual([{ key: 'tools', problem: 'tooManyPicks' }]);
    expect(checkAnswers(items, { ...complete, tools: { picks: [0, 0] } })).toEqual([{ key: 'tools', problem: 'unknownOption' }]);
  });

  it('checks ratings, numbers, dates, matrices and the answer shapes', () => {
    expect(checkAnswers(items, { ...complete, stars: { rating: 11 } })).toEqual([{ key: 'stars', problem: 'outOfRange' }]);
    expect(checkAnswers(items, { ...complete, years: { number: 2.5 } })).toEqual([{ key: 'years', problem: 'notInteger' }]);
    expect(checkAnswers(items, { ...complete, years: { number: 51 } })).toEqual([{ key: 'years', problem: 'outOfRange' }]);
    expect(checkAnswers(items, { ...complete, joined: { date: '2026-02-30' } })).toEqual([{ key: 'joined', problem: 'badDate' }]);
    expect(checkAnswers(items, { ...complete, grid: { rows: [0, 3] } })).toEqual([{ key: 'grid', problem: 'unknownOption' }]);
    expect(checkAnswers(items, { ...complete, grid: { rows: [0] } })).toEqual([{ key: 'grid', problem: 'wrongShape' }]);
    expect(checkAnswers(items, { ...complete, stars: { text: '9' } })).toEqual([{ key: 'stars', problem: 'wrongShape' }]);
    expect(checkAnswers(items, { ...complete, s1: { text: 'x' }, ghost: { rating: 1 } })).toEqual([
      { key: 's1', problem: 'unknownItem' },
      { key: 'ghost', problem: 'unknownItem' },
    ]);
  });
});
