// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { outsideTrainingRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import OutsideTrainingListPage from './manage/OutsideTrainingListPage';
import OutsideTrainingDetailPage from './manage/OutsideTrainingDetailPage';
import MyOutsideTrainingsPage from './portal/MyOutsideTrainingsPage';

describe('outside training', () => {
  it('the management list shows costs in yuan, offers no writes and searches by keyword', async () => {
    session.set({ operateAuth: ['wxpx'] });
    const api = fakeApi().rows(outsideTrainingRoutes.list, [
      { course: 'Fire safety', cost: 1_280_050 },
      { course: 'First aid', cost: 100 },
    ]);
    renderAt('/list', () => <OutsideTrainingListPage />);
    await waitFor(() => expect(screen.getAllByTestId('outside-training-row-course').map((e) => e.textContent)).toEqual(['Fire safety', 'First aid']));
    expect(screen.getAllByTestId('outside-training-row-cost').map((e) => e.textContent)).toEqual(['12800.50', '1.00']);
    expect(screen.queryAllByTestId('crud-row-edit')).toHaveLength(0);
    expect(screen.getAllByTestId('outside-training-detail')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('outside-training-filter-keyword'), { target: { value: 'fire' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(outsideTrainingRoutes.list)).toMatchObject({ keyword: 'fire', page: 1 }));
  });

  it('the detail page shows the application, its attachments, the result and the certificate', async () => {
    session.set({ operateAuth: ['wxpx'] });
    const detail = sample(outsideTrainingRoutes.get.response, {
      id: 7,
      course: 'Fire safety',
      cost: 50_000,
      state: 'completed',
      result: 'passed',
      score: 92.5,
      attachments: [
        { ref: '/api/upload/file/a', name: 'brochure.pdf', size: 10 },
        { ref: '/api/upload/file/b', name: 'quote.pdf', size: 10 },
      ],
      certificate: { ref: '/api/upload/file/c', name: 'certificate.pdf', size: 10 },
    });
    const api = fakeApi().on(outsideTrainingRoutes.get, detail);
    renderAt('/list?id=7', () => <OutsideTrainingDetailPage />);
    expect((await screen.findByTestId('outside-training-course')).textContent).toBe('Fire safety');
    expect(api.last(outsideTrainingRoutes.get)).toEqual({ id: 7 });
    expect(screen.getByTestId('outside-training-cost').textContent).toBe('500.00');
    expect(screen.getAllByTestId('outside-training-file').map((e) => e.textContent)).toEqual(['brochure.pdf', 'quote.pdf', 'certificate.pdf']);
    expect(screen.getByTestId('outside-training-result').textContent).toBe('合格');
    expect(screen.getByTestId('outside-training-state-completed')).toBeTruthy();
  });
});

describe('my outside training (student center)', () => {
  const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

  it('lists my applications and applies: cost typed in yuan is sent in fen; a start after the end stays on the form', async () => {
    session.set({ operateAuth: ['zs-pc'] });
    const api = fakeApi()
      .rows(outsideTrainingRoutes.mine, [
        { course: 'Fire safety', cost: 1_000, abilities: { modify: true, delete: true, submit: true, recordResult: false } },
        { course: 'First aid' },
      ])
      .on(outsideTrainingRoutes.insert, sample(outsideTrainingRoutes.insert.response, { id: 9 }));
    renderAt('/list', () => <MyOutsideTrainingsPage />);
    await waitFor(() => expect(screen.getAllByTestId('my-outside-training-item')).toHaveLength(2));
    expect(screen.getAllByTestId('my-outside-training-submit')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('outside-training-apply'));
    await screen.findByTestId('outside-training-institution');
    fill('outside-training-institution', 'Safety Institute');
    fill('outside-training-course-input', 'Fire officer');
    fill('outside-training-start', '2031-03-09');
    fill('outside-training-end', '2031-03-05');
    fill('outside-training-cost-input', '12.34');
    fireEvent.blur(screen.getByTestId('outside-training-cost-input'));
    fireEvent.click(screen.getByTestId('outside-training-save'));
    expect(await screen.findByText('开始日期不能晚于结束日期')).toBeTruthy();
    expect(api.last(outsideTrainingRoutes.insert)).toBeUndefined();

    fill('outside-training-end', '2031-03-12');
    fireEvent.click(screen.getByTestId('outside-training-save'));
    await waitFor(() =>
      expect(api.last(outsideTrainingRoutes.insert)).toMatchObject({
        institutionName: 'Safety Institute',
        course: 'Fire officer',
        startDate: '2031-03-09',
        endDate: '2031-03-12',
        cost: 1234,
        attachments: [],
      }),
    );
  });

  it('records the result of an approved application only where the row allows it', async () => {
    session.set({ operateAuth: ['zs-pc'] });
    const api = fakeApi()
      .rows(outsideTrainingRoutes.mine, [
        { id: 4, course: 'Approved one', abilities: { modify: false, delete: false, submit: false, recordResult: true } },
        { id: 5, course: 'Under review' },
      ])
      .on(outsideTrainingRoutes.result, sample(outsideTrainingRoutes.result.response, { id: 4 }));
    renderAt('/list', () => <MyOutsideTrainingsPage />);
    await waitFor(() => expect(screen.getAllByTestId('my-outside-training-item')).toHaveLength(2));
    const buttons = screen.getAllByTestId('my-outside-training-result');
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    fireEvent.click(await screen.findByTestId('outside-training-result-save'));
    // The result is required by the shared schema: nothing is sent without it.
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(api.last(outsideTrainingRoutes.result)).toBeUndefined();
    fireEvent.mouseDown(screen.getByTestId('outside-training-result-select').querySelector('input') ?? screen.getByTestId('outside-training-result-select'));
    fireEvent.click(await screen.findByText('合格', { selector: '.ant-select-item-option-content' }));
    fill('outside-training-score', '88.5');
    fireEvent.blur(screen.getByTestId('outside-training-score'));
    fireEvent.click(screen.getByTestId('outside-training-result-save'));
    await waitFor(() => expect(api.last(outsideTrainingRoutes.result)).toMatchObject({ id: 4, result: 'passed', score: 88.5, certificate: null }));
  });
});
