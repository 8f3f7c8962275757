// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { helpTemplateRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import HelpTemplateListPage from './manage/HelpTemplateListPage';
import HelpTemplateEditPage from './manage/HelpTemplateEditPage';
import HelpReadPage from './manage/HelpReadPage';

const file = { ref: '/api/upload/file/0b6f3c1e-4b1a-4c1e-9d2a-1a2b3c4d5e6f', name: 'plan-template.xlsx', size: 10 };

describe('help documents and templates', () => {
  it('the management list shows every document with its state and filters by keyword', async () => {
    session.set({ operateAuth: ['bzmb', 'bzmb:modify', 'bzmb:delete'] });
    const api = fakeApi().rows(helpTemplateRoutes.list, [
      { title: 'How to plan', published: true, abilities: { modify: true, delete: true } },
      { title: 'Budget template', published: false, abilities: { modify: true, delete: true } },
    ]);
    renderAt('/list', () => <HelpTemplateListPage />);
    await waitFor(() => expect(screen.getAllByTestId('help-template-row-title').map((e) => e.textContent)).toEqual(['How to plan', 'Budget template']));
    expect(screen.getByText('已发布')).toBeTruthy();
    expect(screen.getByText('未发布')).toBeTruthy();
    fireEvent.change(screen.getByTestId('help-template-filter-keyword'), { target: { value: 'plan' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(helpTemplateRoutes.list)).toMatchObject({ keyword: 'plan', page: 1 }));
  });

  it('the editor loads a document and saves its fields with the attached file references', async () => {
    session.set({ operateAuth: ['bzmb', 'bzmb:modify'] });
    const doc = sample(helpTemplateRoutes.get.response, {
      id: 3,
      title: 'Budget template',
      category: 'template',
      body: '<p>Fill in</p>',
      attachments: [file],
      sort: 2,
      published: false,
    });
    const api = fakeApi().on(helpTemplateRoutes.get, doc).on(helpTemplateRoutes.update, doc);
    renderAt('/list?id=3', () => <HelpTemplateEditPage />);
    const title = (await screen.findByTestId('help-template-title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Budget template'));
    expect(screen.getByText('plan-template.xlsx')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Budget template 2031' } });
    fireEvent.click(screen.getByTestId('help-template-published'));
    fireEvent.click(screen.getByTestId('help-template-submit'));
    await waitFor(() =>
      expect(api.last(helpTemplateRoutes.update)).toMatchObject({
        id: 3,
        title: 'Budget template 2031',
        category: 'template',
        attachments: [file.ref],
        sort: 2,
        published: true,
      }),
    );
  });

  it('the read page lists the published documents by category and opens one in place', async () => {
    session.set({ operateAuth: ['pxjh'] });
    const api = fakeApi()
      .rows(helpTemplateRoutes.published, [{ id: 4, title: 'How to plan', category: 'guide', attachments: [file] }])
      .on(helpTemplateRoutes.read, sample(helpTemplateRoutes.read.response, { id: 4, title: 'How to plan', body: '<p>Step one</p>' }));
    renderAt('/list', () => <HelpReadPage />);
    fireEvent.click(await screen.findByTestId('help-read-title'));
    await waitFor(() => expect(screen.getByTestId('help-read-body').textContent).toBe('Step one'));
    expect(screen.getByTestId('help-read-file').textContent).toContain('plan-template.xlsx');
    fireEvent.click(screen.getByText('模板'));
    await waitFor(() => expect(api.last(helpTemplateRoutes.published)).toMatchObject({ category: 'template' }));
  });
});
