// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { studentRoutes } from '@hanlin/shared';
import { Feedback } from '../../platform/components/Feedback';
import '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { getStudentInfo, recordSearch } from './api';

describe('student header calls', () => {
  it('a failed student-info or search-record call never shows an error to the student', async () => {
    const api = fakeApi().fail(studentRoutes.info, 'SERVER_ERROR').fail(studentRoutes.searchRecord, 'SERVER_ERROR');
    render(<Feedback />);
    await expect(getStudentInfo()).rejects.toMatchObject({ name: 'SERVER_ERROR' });
    await expect(recordSearch({ keyword: 'crane', type: 'course' })).rejects.toMatchObject({ name: 'SERVER_ERROR' });
    expect(api.last(studentRoutes.searchRecord)).toMatchObject({ keyword: 'crane' });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    expect(screen.queryByText(/服务/)).toBeNull();
  });
});
