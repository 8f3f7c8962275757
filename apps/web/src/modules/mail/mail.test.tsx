// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import { mailRoutes } from '@hanlin/shared';
import MailLogPage from './manage/MailLogPage';

describe('mail log', () => {
  it('lists the mails sent, filters by keyword and opens one to read its body', async () => {
    session.set({ operateAuth: ['yjrz', 'yjrz:modify'] });
    const api = fakeApi().rows(mailRoutes.listLogs, [{ subject: 'Your exam starts', body: 'Tomorrow at nine', toAddress: 'a@example.com' }, { subject: 'Password reset' }]);
    renderAt('/list', () => <MailLogPage />);
    await expectRows('mail-row-subject', ['Your exam starts', 'Password reset']);
    await searchBy('mail-filter-keyword', 'exam', () => api.last(mailRoutes.listLogs), { keyword: 'exam' });
    fireEvent.click(screen.getAllByTestId('mail-row-view')[0]!);
    expect((await screen.findByTestId('mail-body')).textContent).toBe('Tomorrow at nine');
  });
});
