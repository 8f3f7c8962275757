import { describe, expect, it } from 'vitest';
import { levelThreshold, nextExpFor } from '@hanlin/shared';

describe('experience levels', () => {
  it('thresholds grow by 100 more each step', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(levelThreshold)).toEqual([100, 300, 600, 1000, 1500, 2100, 2800]);
  });
  it('the next threshold is the first one above the experience', () => {
    expect(nextExpFor(0)).toBe(100);
    expect(nextExpFor(99)).toBe(100);
    expect(nextExpFor(100)).toBe(300);
    expect(nextExpFor(599)).toBe(600);
    expect(nextExpFor(2100)).toBe(2800);
  });
});
