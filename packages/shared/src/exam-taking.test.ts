import { describe, expect, it } from 'vitest';
import { isAnswered, markAnswer, submitStateOf, type QuestionKey } from './exam-taking.js';

const key = (k: Partial<QuestionKey>): QuestionKey => ({
  type: 'single',
  score: 4,
  answers: [],
  blanks: [],
  keywords: '',
  autoScore: false,
  answerText: '',
  analysis: '',
  ...k,
});

describe('markAnswer', () => {
  it('marks choices all or nothing, order and repeats ignored', () => {
    expect(markAnswer(key({ type: 'single', answers: ['B'] }), { choices: ['B'] })).toEqual({ score: 4, correct: true });
    expect(markAnswer(key({ type: 'single', answers: ['B'] }), { choices: ['A'] })).toEqual({ score: 0, correct: false });
    expect(markAnswer(key({ type: 'multiple', answers: ['A', 'C'] }), { choices: ['C', 'A', 'C'] })).toEqual({ score: 4, correct: true });
    expect(markAnswer(key({ type: 'multiple', answers: ['A', 'C'] }), { choices: ['A'] })).toEqual({ score: 0, correct: false });
    expect(markAnswer(key({ type: 'judgment', answers: ['T'] }), null)).toEqual({ score: 0, correct: false });
  });
  it('gives each blank its share (rounded down to 0.5), alternatives and case ignored', () => {
    const fill = key({ type: 'fill', score: 5, blanks: [['Beijing', '北京'], ['Yangtze']] });
    expect(markAnswer(fill, { blanks: [' beijing ', 'yangtze'] })).toEqual({ score: 5, correct: true });
    expect(markAnswer(fill, { blanks: ['北京', 'Nile'] })).toEqual({ score: 2.5, correct: false });
    expect(markAnswer(key({ type: 'fill', score: 5, blanks: [['a'], ['b'], ['c']] }), { blanks: ['a'] })).toEqual({ score: 1.5, correct: false });
  });
  it('scores short answers by keywords only when asked; other subjective types wait for a reviewer', () => {
    const short = key({ type: 'short', score: 10, keywords: 'index, lock，plan', autoScore: true });
    expect(markAnswer(short, { text: 'Use an INDEX and a plan' })).toEqual({ score: 6.5, correct: false });
    expect(markAnswer(short, { text: 'index lock plan' })).toEqual({ score: 10, correct: true });
    expect(markAnswer(key({ type: 'short', keywords: 'x' }), { text: 'x' })).toBeNull();
    expect(markAnswer(key({ type: 'operation' }), { text: 'done' })).toBeNull();
    expect(markAnswer(key({ type: 'calculation' }), { text: '42' })).toBeNull();
  });
  it('counts a star rating once rated', () => {
    expect(markAnswer(key({ type: 'rating', score: 2 }), { stars: 3 })).toEqual({ score: 2, correct: true });
    expect(markAnswer(key({ type: 'rating', score: 2 }), { stars: 0 })).toEqual({ score: 0, correct: false });
  });
});

describe('answers and submission states', () => {
  it('treats empty answers as unanswered', () => {
    expect(isAnswered({ blanks: ['  '] })).toBe(false);
    expect(isAnswered({ choices: [] })).toBe(false);
    expect(isAnswered({ text: 'a' })).toBe(true);
  });
  it('maps who submitted to the spec states', () => {
    expect(submitStateOf('examinee')).toBe('normal');
    expect(submitStateOf('deadline')).toBe('normal');
    expect(submitStateOf('leaveLimit')).toBe('exception');
    expect(submitStateOf(null)).toBe('notSubmitted');
  });
});
