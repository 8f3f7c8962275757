// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { useState } from 'react';
import { audienceRoutes, type AudienceTargetRow } from '@hanlin/shared';
import { AudiencePicker } from './components/AudiencePicker';

function Host({ onChange }: { onChange: (v: AudienceTargetRow[]) => void }) {
  const [value, setValue] = useState<AudienceTargetRow[]>([{ type: 'org', id: 9, name: null }]);
  return (
    <AudiencePicker
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('audience picker', () => {
  it('searches the organizations, adds the one picked and shows a deleted target by its id', async () => {
    session.set({ operateAuth: ['gggl'] });
    const api = fakeApi().on(audienceRoutes.search, [sample(audienceRoutes.search.response.element, { type: 'org', id: 4, name: 'Plant A' })]);
    const picked: AudienceTargetRow[][] = [];
    renderAt('/list', () => <Host onChange={(v) => picked.push(v)} />);
    expect(screen.getByTestId('audience-tag-org-9').textContent).toContain('9');
    await waitFor(() => expect(api.last(audienceRoutes.search)).toMatchObject({ type: 'org', limit: 20 }));
    const select = screen.getByTestId('audience-search');
    fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector, .ant-select-content') ?? select);
    const option = await waitFor(() => {
      const hit = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.includes('Plant A'));
      if (!hit) throw new Error('no option');
      return hit;
    });
    fireEvent.click(option);
    expect(await screen.findByTestId('audience-tag-org-4')).toBeTruthy();
    expect(picked.at(-1)).toEqual([
      { type: 'org', id: 9, name: null },
      { type: 'org', id: 4, name: 'Plant A' },
    ]);
  });
});
