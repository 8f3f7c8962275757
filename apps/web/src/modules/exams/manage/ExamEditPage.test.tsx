// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExamDetail } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { session } from '../../../platform/session';
import { ApiError } from '../../../platform/api/errors';

const later = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const exam: ExamDetail = {
  id: 5,
  name: 'Forklift licence',
  categoryId: null,
  categoryName: null,
  status: 'draft',
  startAt: later(24),
  endAt: later(26),
  duration: 60,
  passPercent: 60,
  total: 80,
  attempts: 2,
  paperId: 11,
  orgId: 1,
  orgName: 'HQ',
  creatorName: 'Admin',
  createdAt: later(-1),
  publishedAt: null,
  abilities: { modify: true, delete: true, publish: true, unpublish: false, start: false, end: false },
  answerMode: 'whole',
  countdownMode: 'duration',
  photoInterval: 0,
  markingMode: 'auto',
  reviewers: [],
  antiCheat: false,
  leaveLimit: null,
  scoreDisplay: 'published',
  showAnswers: false,
  showRanking: false,
  certificateTemplateId: null,
  certificateName: null,
  paper: { id: 11, name: 'Safety paper', kind: 'fixed', total: 80, questionCount: 10, hasSubjective: false, usable: true },
  audience: [{ type: 'org', id: 1, name: 'HQ' }],
};

const updateExam = vi.fn(async (_body: unknown): Promise<ExamDetail> => exam);
const publishExams = vi.fn(async (_body: unknown) => ({ count: 1 }));
vi.mock('../api', () => ({
  getExamCategoryTree: async () => [],
  getExamById: async () => exam,
  insertExam: async () => exam,
  updateExam: (body: unknown) => updateExam(body),
  publishExams: (body: unknown) => publishExams(body),
  findExamPapers: async () => [exam.paper],
  findCertificateOptions: async () => ({ records: [], total: 0, page: 1, size: 100 }),
}));
vi.mock('../../audiences/api', () => ({ searchAudience: async () => [] }));

const { default: ExamEditPage } = await import('./ExamEditPage');
const currentStep = () => document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent;

describe('add-test: three steps, then publish', () => {
  it('walks the steps, saves every setting and publishes; a refusal brings back the step of its field', async () => {
    session.set({ operateAuth: ['ksgl', 'ksgl:add', 'ksgl:modify', 'ksgl:publish'] });
    renderAt('/list?id=5', () => <ExamEditPage />);
    await waitFor(() => expect((screen.getByTestId('exam-name') as HTMLInputElement).value).toBe('Forklift licence'));
    expect(currentStep()).toBe('基本信息');
    expect(screen.queryByTestId('exam-submit-publish')).toBeNull(); // publish is offered on the last step

    // A step's required field empty: Next stays on the step.
    fireEvent.change(screen.getByTestId('exam-name'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('exam-next'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(currentStep()).toBe('基本信息');
    fireEvent.change(screen.getByTestId('exam-name'), { target: { value: 'Forklift licence 2' } });
    fireEvent.click(screen.getByTestId('exam-next'));
    await waitFor(() => expect(currentStep()).toBe('试卷与设置'));
    expect(await screen.findByTestId('exam-paper-facts')).toBeTruthy();
    fireEvent.click(screen.getByTestId('exam-next'));
    await waitFor(() => expect(currentStep()).toBe('开放人群'));

    // The server refuses the start: the page goes back to the step holding it, the message on the field.
    updateExam.mockRejectedValueOnce(new ApiError('EXAM_PUBLISHED_CHANGE_REFUSED', 5011, 409, null, 'startAt'));
    fireEvent.click(screen.getByTestId('exam-submit-publish'));
    await waitFor(() => expect(currentStep()).toBe('基本信息'));
    expect(await screen.findByText('考试已发布：开始时间不能修改，结束时间和考试时长只能延长，考试次数只能增加')).toBeTruthy();
    expect(publishExams).not.toHaveBeenCalled();

    // Back to the last step: saved with every setting, then published.
    fireEvent.click([...document.querySelectorAll('.ant-steps-item-title')].find((e) => e.textContent === '开放人群')!);
    await waitFor(() => expect(currentStep()).toBe('开放人群'));
    fireEvent.click(screen.getByTestId('exam-submit-publish'));
    await waitFor(() => expect(publishExams).toHaveBeenCalledWith({ ids: [5] }));
    expect(updateExam.mock.calls.at(-1)![0]).toMatchObject({
      id: 5,
      name: 'Forklift licence 2',
      duration: 60,
      passPercent: 60,
      attempts: 2,
      paperId: 11,
      answerMode: 'whole',
      markingMode: 'auto',
      antiCheat: false,
      scoreDisplay: 'published',
      audience: [{ type: 'org', id: 1 }],
    });
  });
});
