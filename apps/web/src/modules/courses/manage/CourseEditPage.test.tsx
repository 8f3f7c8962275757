// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { COURSE_NAME_MAX, ERRORS } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { renderAt } from '../../../platform/kernel/testing/render';

const insertCourse = vi.fn(async (_body: unknown): Promise<{ id: number }> => ({ id: 7 }));
vi.mock('../api', () => ({
  getCourseCategoryTree: async () => [],
  getCourseById: async () => null,
  findLecturerOptions: async () => [],
  findCertificateOptions: async () => [],
  insertCourse: (body: unknown) => insertCourse(body),
  updateCourse: async () => null,
}));
vi.mock('../../audiences/api', () => ({ searchAudience: async () => [] }));
// The editor (Tiptap) is not under test here: a plain text area stands for it.
vi.mock('../../../platform/components/RichTextEditor', () => ({
  default: ({ value, onChange, testId }: { value?: string; onChange?: (v: string) => void; testId?: string }) => (
    <textarea data-testid={testId} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const { default: CourseEditPage } = await import('./CourseEditPage');

describe('add-course form', () => {
  it('checks the shared schema, sends the body it parses and shows the server clock refusal on its field', async () => {
    const { search } = renderAt('/list', () => <CourseEditPage />);
    const name = await screen.findByTestId('course-name');
    fireEvent.change(name, { target: { value: 'x'.repeat(COURSE_NAME_MAX + 1) } });
    fireEvent.click(screen.getByTestId('course-submit'));
    expect(await screen.findByText(new RegExp(String(COURSE_NAME_MAX)))).toBeTruthy();
    expect(insertCourse).not.toHaveBeenCalled();

    // "Later than now" is the server's rule: its refusal lands on the date field.
    insertCourse.mockRejectedValueOnce(new ApiError('TIME_BEFORE_NOW', ERRORS.TIME_BEFORE_NOW.code, 400, null, 'validUntil'));
    fireEvent.change(name, { target: { value: '  Safety first  ' } });
    fireEvent.change(screen.getByTestId('course-intro'), { target: { value: '<p>Wear a helmet</p>' } });
    fireEvent.click(screen.getByTestId('course-submit'));
    await waitFor(() => expect(insertCourse).toHaveBeenCalledTimes(1));
    expect(insertCourse.mock.calls[0]![0]).toEqual({
      name: 'Safety first',
      categoryId: null,
      cover: null,
      labels: [],
      lecturerIds: [],
      validUntil: null,
      credit: 0,
      intro: '<p>Wear a helmet</p>',
      required: false,
      passProgress: 100,
      passScore: null,
      certificateTemplateId: null,
      antiCheat: false,
      antiCheatInterval: null,
      antiSkip: false,
      audience: [],
    });
    expect(await screen.findByText(ERRORS.TIME_BEFORE_NOW.text['zh-CN'])).toBeTruthy();

    fireEvent.click(screen.getByTestId('course-submit'));
    await waitFor(() => expect(insertCourse).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(search().get('id')).toBe('7'));
  });
});
