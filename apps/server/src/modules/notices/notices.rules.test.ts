import { describe, expect, it } from 'vitest';
import { NOTICE_STATUSES, canTransitionNotice, noticeAbilities } from '@hanlin/shared';

describe('notice state table', () => {
  it('allows release, unrelease, freeze of a released notice and unfreeze back to released, nothing else', () => {
    const commands = ['release', 'unrelease', 'freeze', 'unfreeze'] as const;
    const allowed = NOTICE_STATUSES.flatMap((s) => commands.filter((c) => canTransitionNotice(s, c)).map((c) => `${s}:${c}`));
    expect(allowed.sort()).toEqual(['draft:release', 'frozen:unfreeze', 'released:freeze', 'released:unrelease', 'unreleased:release']);
  });

  it('derives the abilities from the state and the pinned flag', () => {
    const off = { freeze: false, unfreeze: false };
    expect(noticeAbilities('draft', false)).toEqual({ modify: true, delete: true, release: true, unrelease: false, ...off, pin: true, unpin: false, sort: true });
    expect(noticeAbilities('released', true)).toEqual({
      modify: false,
      delete: false,
      release: false,
      unrelease: true,
      freeze: true,
      unfreeze: false,
      pin: false,
      unpin: true,
      sort: true,
    });
    expect(noticeAbilities('frozen', false)).toEqual({
      modify: false,
      delete: false,
      release: false,
      unrelease: false,
      freeze: false,
      unfreeze: true,
      pin: true,
      unpin: false,
      sort: true,
    });
  });
});
