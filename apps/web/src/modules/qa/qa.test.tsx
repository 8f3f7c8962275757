// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, qaRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import QaListPage from './manage/QaListPage';
import QaEditPage from './manage/QaEditPage';
import QaCenterPage from './portal/QaCenterPage';
import QaReplyPage from './manage/QaReplyPage';

const none = { modify: false, delete: false, release: false, unrelease: false, pin: false, unpin: false };
const shown = () => screen.queryAllByTestId(/^crud-row-/).map((e) => e.getAttribute('data-testid'));

describe('Q&A management list', () => {
  it('shows the rows the server sends, offers only what their abilities allow, confirms and searches', async () => {
    session.set({ operateAuth: ['wdgl', 'wdgl:modify', 'wdgl:publish', 'wdgl:unpublish', 'wdgl:delete'] });
    const api = fakeApi().rows(qaRoutes.list, [
      { id: 1, title: 'Pinned one', state: 'released', pinned: true, abilities: { ...none, unpin: true } },
      { id: 2, title: 'Answered one', state: 'released', answerCount: 3, abilities: { ...none } },
    ]);
    renderAt('/list', () => <QaListPage />);
    await expectRows('qa-row-title', ['Pinned one', 'Answered one']);
    expect(screen.getAllByTestId('qa-row-pinned')).toHaveLength(1);
    expect(screen.getAllByTestId('qa-state-released')).toHaveLength(2);
    // The pinned row offers unpin only (no unrelease while pinned); the answered row offers nothing.
    expect(shown()).toEqual(['crud-row-unpin']);
    fireEvent.click(screen.getByTestId('crud-row-unpin'));
    expect(api.sent(qaRoutes.unpin)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('crud-popconfirm-ok'));
    await waitFor(() => expect(api.last(qaRoutes.unpin)).toEqual({ ids: [1] }));
    expect(screen.getByTestId('qa-words-open')).toBeTruthy();
    await searchBy('qa-filter-keyword', 'password', () => api.last(qaRoutes.list), { keyword: 'password' });
  });

  it('a reader without the modify code gets no sensitive-word editor', async () => {
    session.set({ operateAuth: ['wdgl'] });
    fakeApi().rows(qaRoutes.list, [{ title: 'Only reading', abilities: none }]);
    renderAt('/list', () => <QaListPage />);
    await expectRows('qa-row-title', ['Only reading']);
    expect(screen.queryByTestId('qa-words-open')).toBeNull();
    expect(shown()).toEqual([]);
  });
});

describe('Q&A reply moderation', () => {
  it('flags replies holding a sensitive word, hides a shown one and restores a hidden one after a confirmation, as their abilities allow', async () => {
    session.set({ operateAuth: ['wdgl', 'wdgl:modify'] });
    const api = fakeApi().rows(qaRoutes.replies, [
      { id: 11, content: 'You are a dolt', entryTitle: 'Reset', hidden: false, sensitiveWord: 'dolt', abilities: { hide: true, restore: false } },
      { id: 12, content: 'Old rude reply', entryTitle: 'Reset', hidden: true, sensitiveWord: null, abilities: { hide: false, restore: true } },
      { id: 13, content: 'Hidden, still rude', entryTitle: 'Reset', hidden: true, sensitiveWord: 'rude', abilities: { hide: false, restore: false } },
    ]);
    renderAt('/list', () => <QaReplyPage />);
    await expectRows('qa-reply-content', ['You are a dolt', 'Old rude reply', 'Hidden, still rude']);
    expect(screen.getAllByTestId('qa-reply-sensitive')).toHaveLength(2);
    expect(screen.getAllByTestId('qa-reply-hidden')).toHaveLength(2);
    // One hide (the shown row) and one restore (the hidden row holding no sensitive word).
    expect(shown()).toEqual(['crud-row-hide', 'crud-row-restore']);
    fireEvent.click(screen.getByTestId('crud-row-hide'));
    expect(api.sent(qaRoutes.hideReplies)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('crud-popconfirm-ok'));
    await waitFor(() => expect(api.last(qaRoutes.hideReplies)).toEqual({ ids: [11] }));
    fireEvent.click(screen.getByTestId('crud-row-restore'));
    fireEvent.click((await screen.findAllByTestId('crud-popconfirm-ok')).at(-1)!);
    await waitFor(() => expect(api.last(qaRoutes.restoreReplies)).toEqual({ ids: [12] }));
    await searchBy('qa-reply-filter-keyword', 'rude', () => api.last(qaRoutes.replies), { keyword: 'rude' });
  });

  it('a reader without the modify code can only read', async () => {
    session.set({ operateAuth: ['wdgl'] });
    fakeApi().rows(qaRoutes.replies, [{ id: 21, content: 'Read only', hidden: false, sensitiveWord: null, abilities: { hide: false, restore: false } }]);
    renderAt('/list', () => <QaReplyPage />);
    await expectRows('qa-reply-content', ['Read only']);
    expect(shown()).toEqual([]);
  });
});

describe('Q&A form', () => {
  it('loads the entry, sends the changed title and shows the sensitive-word refusal on the field', async () => {
    session.set({ operateAuth: ['wdgl', 'wdgl:modify'] });
    const entry = sample(qaRoutes.get.response, { id: 7, title: 'Old title', content: '<p>Body</p>', category: null, state: 'draft' });
    const api = fakeApi().on(qaRoutes.get, entry).fail(qaRoutes.update, 'SENSITIVE_WORDS', 'title');
    renderAt('/list?id=7', () => <QaEditPage />);
    const title = (await screen.findByTestId('qa-title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Old title'));
    fireEvent.change(title, { target: { value: 'A BADWORD title' } });
    fireEvent.click(screen.getByTestId('qa-submit'));
    await waitFor(() => expect(api.last(qaRoutes.update)).toMatchObject({ id: 7, title: 'A BADWORD title', content: '<p>Body</p>', category: null }));
    expect(await screen.findByText(ERRORS.SENSITIVE_WORDS.text['zh-CN'])).toBeTruthy();
    expect(api.sent(qaRoutes.release)).toHaveLength(0);
  });

  it('refuses an empty title before sending, by the shared schema', async () => {
    session.set({ operateAuth: ['wdgl', 'wdgl:add'] });
    const api = fakeApi();
    renderAt('/list', () => <QaEditPage />);
    fireEvent.click(await screen.findByTestId('qa-submit'));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    expect(api.sent(qaRoutes.insert)).toHaveLength(0);
  });
});

describe('Q&A in the student center', () => {
  it('lists released entries, searches, opens one with its answers; deletes only its own answer, refusal on the reply field', async () => {
    session.set({ operateAuth: ['zs-pc'] });
    const api = fakeApi()
      .rows(qaRoutes.portalList, [
        { id: 3, title: 'How to reset a password', pinned: true, answerCount: 2 },
        { id: 4, title: 'Where are certificates', answerCount: 0 },
      ])
      .on(qaRoutes.portalDetail, sample(qaRoutes.portalDetail.response, { id: 3, title: 'How to reset a password', content: '<p>Use the link</p>', answerCount: 2 }))
      .rows(qaRoutes.answers, [
        { id: 11, kind: 'answer', content: 'Mine', abilities: { delete: true } },
        { id: 12, kind: 'followUp', content: 'Theirs', abilities: { delete: false } },
      ])
      .fail(qaRoutes.answer, 'SENSITIVE_WORDS', 'content');
    renderAt('/list', () => <QaCenterPage />);
    await expectRows('qa-item-title', ['How to reset a password', 'Where are certificates']);
    expect(screen.getAllByTestId('qa-item-pinned')).toHaveLength(1);

    const search = screen.getByTestId('qa-search').querySelector('input') ?? screen.getByTestId('qa-search');
    fireEvent.change(search, { target: { value: 'password' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.last(qaRoutes.portalList)).toMatchObject({ keyword: 'password', page: 1 }));

    fireEvent.click(screen.getAllByTestId('qa-item-open')[0]!);
    expect((await screen.findByTestId('qa-detail-content')).textContent).toContain('Use the link');
    await expectRows('qa-answer-content', ['Mine', 'Theirs']);
    expect(api.last(qaRoutes.answers)).toMatchObject({ entryId: 3 });
    expect(screen.getAllByTestId('qa-answer-delete')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('qa-reply'), { target: { value: 'some badword' } });
    fireEvent.click(screen.getByTestId('qa-reply-send'));
    await waitFor(() => expect(api.last(qaRoutes.answer)).toEqual({ entryId: 3, kind: 'answer', content: 'some badword' }));
    expect(await screen.findByText(ERRORS.SENSITIVE_WORDS.text['zh-CN'])).toBeTruthy();

    fireEvent.click(screen.getByTestId('qa-answer-delete'));
    fireEvent.click(await screen.findByTestId('qa-answer-delete-ok'));
    await waitFor(() => expect(api.last(qaRoutes.deleteAnswer)).toEqual({ id: 11 }));
  });
});
