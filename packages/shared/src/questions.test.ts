import { describe, expect, it } from 'vitest';
import { QuestionInsertSchema, countBlanks, roundQuestionScore } from './questions.js';

describe('question score helper', () => {
  it('reduces a decimal input to one decimal place and caps it at 100', () => {
    expect(roundQuestionScore(2.46)).toBe(2.5);
    expect(roundQuestionScore(3.14159)).toBe(3.1);
    expect(roundQuestionScore(150)).toBe(100);
    expect(roundQuestionScore(-1)).toBe(0);
    expect(roundQuestionScore(Number.NaN)).toBe(0);
  });
  it('the schema accepts multiples of 0.5 only', () => {
    const q = { type: 'judgment', stem: 'x', answers: ['T'] };
    expect(QuestionInsertSchema.safeParse({ ...q, score: 2.5 }).success).toBe(true);
    expect(QuestionInsertSchema.safeParse({ ...q, score: roundQuestionScore(3.14) }).success).toBe(false);
  });
});

describe('fill-in blanks', () => {
  it('counts full-width and ASCII brackets, spaces allowed, markup ignored', () => {
    expect(countBlanks('<p>（）and ( ) and （  ）</p>')).toBe(3);
    expect(countBlanks('no blank (here)')).toBe(0);
  });
});
