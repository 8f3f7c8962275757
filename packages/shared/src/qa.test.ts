import { describe, expect, it } from 'vitest';
import { findSensitiveWord, qaAbilities } from './qa.js';

describe('findSensitiveWord', () => {
  it('finds a word in any letter case, inside longer text, and ignores blank words', () => {
    expect(findSensitiveWord('This is a BadWord here', ['badword'])).toBe('badword');
    expect(findSensitiveWord('nothing here', ['BADWORD', ' '])).toBeNull();
    expect(findSensitiveWord('含有坏词的回答', ['坏词'])).toBe('坏词');
    expect(findSensitiveWord('ÉCOLE', ['école'])).toBe('école');
    expect(findSensitiveWord('anything', [])).toBeNull();
  });
});

describe('qaAbilities', () => {
  it('unrelease only when released, unpinned and unanswered; pin only released and unpinned', () => {
    expect(qaAbilities('released', false, 0)).toMatchObject({ unrelease: true, pin: true, unpin: false, modify: false });
    expect(qaAbilities('released', true, 0)).toMatchObject({ unrelease: false, pin: false, unpin: true });
    expect(qaAbilities('released', false, 1)).toMatchObject({ unrelease: false, pin: true });
    expect(qaAbilities('draft', false, 0)).toMatchObject({ release: true, pin: false, modify: true, delete: true });
  });
});
