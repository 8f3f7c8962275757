import { describe, expect, it } from 'vitest';
import { pathInScope, scopeReach } from './scope.js';

describe('data scope reach', () => {
  it('tells a scope holding the root from one of subtrees and from an empty one', () => {
    expect(scopeReach({ scopePaths: ['/1/'] })).toBe('all');
    expect(scopeReach({ scopePaths: ['/1/4/', '/1/'] })).toBe('all');
    expect(scopeReach({ scopePaths: ['/1/4/', '/1/9/12/'] })).toBe('subtrees');
    expect(scopeReach({ scopePaths: [] })).toBe('none');
  });

  it('matches organization paths by subtree prefix', () => {
    expect(pathInScope({ scopePaths: ['/1/4/'] }, '/1/4/7/')).toBe(true);
    expect(pathInScope({ scopePaths: ['/1/4/'] }, '/1/41/')).toBe(false);
  });
});
