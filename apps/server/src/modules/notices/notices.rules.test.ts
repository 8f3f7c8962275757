import { describe, expect, it } from 'vitest';
import { NOTICE_STATUSES, canTransitionNotice, noticeAbilities } from '@hanlin/shared';

describe('notice state table', () => {
  it('allows draft→released, released→unreleased, unreleased→released and nothing else', () => {
    const allowed = NOTICE_STATUSES.flatMap((s) => (['release', 'unrelease'] as const).filter((c) => canTransitionNotice(s, c)).map((c) => `${s}:${c}`));
    expect(allowed.sort()).toEqual(['draft:release', 'released:unrelease', 'unreleased:release']);
  });

  it('derives the abilities from the state', () => {
    expect(noticeAbilities('draft')).toEqual({ modify: true, delete: true, release: true, unrelease: false });
    expect(noticeAbilities('released')).toEqual({ modify: false, delete: false, release: false, unrelease: true });
    expect(noticeAbilities('unreleased')).toEqual({ modify: true, delete: true, release: true, unrelease: false });
  });
});
