// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { certificateRoutes, trainEnrolmentRoutes as routes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { ClassRosterPanel } from './index';
import EnrollApprovalPage from './manage/EnrollApprovalPage';
import TrainingListPage from './portal/TrainingListPage';
import TrainingDetailPage from './portal/TrainingDetailPage';
import FaceTrainingPage from './portal/MyTrainingPage';

const can = { approve: false, refuse: false, cancel: false };

describe('class roster (manage-train-sign)', () => {
  it('lists the class sign-ups, offers cancel only where the row allows, and cancels with the reason', async () => {
    session.set({ operateAuth: ['pxapgl', 'pxapgl:add', 'pxapgl:modify'] });
    const api = fakeApi()
      .rows(routes.list, [
        { id: 1, realname: 'Ana', state: 'approved', abilities: { ...can, cancel: true } },
        { id: 2, realname: 'Bo', state: 'cancelled', abilities: can },
      ])
      .on(routes.seats, { taken: 1, total: 30, queued: 0, pending: 0 })
      .on(routes.cancel, { count: 1 });
    renderAt('/list', () => <ClassRosterPanel classId={9} />);
    await waitFor(() => expect(screen.getAllByTestId('enrolment-row-name').map((e) => e.textContent)).toEqual(['Ana', 'Bo']));
    expect(api.last(routes.list)).toMatchObject({ classId: 9 });
    expect(screen.getByTestId('enrolment-seats').textContent).toContain('1 / 30');
    expect(screen.getAllByTestId('enrolment-row-cancel')).toHaveLength(1);
    expect(screen.getByTestId('enrolment-add')).toBeTruthy();
    fireEvent.click(screen.getByTestId('enrolment-row-cancel'));
    const ok = await screen.findByTestId('enrolment-cancel-ok');
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('enrolment-cancel-reason'), { target: { value: 'Duty trip' } });
    fireEvent.click(ok);
    await waitFor(() => expect(api.last(routes.cancel)).toEqual({ ids: [1], reason: 'Duty trip' }));
  });

  it('a reader without pxapgl:add gets no add or import buttons', async () => {
    session.set({ operateAuth: ['pxapgl'] });
    fakeApi().rows(routes.list, [{ id: 1, realname: 'Ana', abilities: can }]);
    renderAt('/list', () => <ClassRosterPanel classId={9} />);
    await screen.findAllByTestId('enrolment-row-name');
    expect(screen.queryByTestId('enrolment-add')).toBeNull();
    expect(screen.queryByTestId('enrolment-import')).toBeNull();
  });
});

describe('enrolment approval (enroll-approval)', () => {
  it('pending sign-ups without an engine approval are approved in place', async () => {
    session.set({ operateAuth: ['pxbmsp', 'pxbmsp:approve'] });
    const api = fakeApi()
      .rows(routes.list, [
        { id: 4, realname: 'Cai', state: 'pending', approvalId: null, abilities: { approve: true, refuse: true, cancel: false } },
        { id: 5, realname: 'Dan', state: 'pending', approvalId: 77, abilities: can },
      ])
      .on(routes.decide, { count: 1 });
    renderAt('/list', () => <EnrollApprovalPage />);
    fireEvent.click(await screen.findByText('待审批报名'));
    await waitFor(() => expect(screen.getAllByTestId('enrolment-row-name').map((e) => e.textContent)).toEqual(['Cai', 'Dan']));
    expect(api.last(routes.list)).toMatchObject({ state: 'pending' });
    expect(screen.getAllByTestId('enrolment-row-approve')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('enrolment-row-approve'));
    fireEvent.click(await screen.findByTestId('crud-popconfirm-ok'));
    await waitFor(() => expect(api.last(routes.decide)).toEqual({ ids: [4], decision: 'approve', comment: '' }));
  });

  it('a pending sign-up is refused with the reason the person reads, in the same dialog as a cancellation', async () => {
    session.set({ operateAuth: ['pxbmsp', 'pxbmsp:approve'] });
    const api = fakeApi()
      .rows(routes.list, [{ id: 4, realname: 'Cai', className: 'Forklift safety', state: 'pending', abilities: { approve: true, refuse: true, cancel: false } }])
      .on(routes.decide, { count: 1 });
    renderAt('/list', () => <EnrollApprovalPage />);
    fireEvent.click(await screen.findByText('待审批报名'));
    await screen.findAllByTestId('enrolment-row-name');
    // The list of several classes names each row's class; a pending sign-up has no queue place.
    expect(screen.getByText('Forklift safety')).toBeTruthy();
    expect(screen.queryByTestId('enrolment-filter-state')).toBeNull();
    fireEvent.click(screen.getByTestId('enrolment-row-refuse'));
    const ok = await screen.findByTestId('enrolment-refuse-ok');
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('enrolment-refuse-reason'), { target: { value: ' Class is full ' } });
    fireEvent.click(ok);
    await waitFor(() => expect(api.last(routes.decide)).toEqual({ ids: [4], decision: 'refuse', comment: 'Class is full' }));
  });
});

describe('portal training', () => {
  it('the list searches with the keyword the header search put in the URL', async () => {
    session.set({ operateAuth: [] });
    const api = fakeApi().rows(routes.catalog, [{ id: 3, name: 'Forklift safety', myState: 'queued', displayState: 'notStarted', mode: 'faceToFace' }]);
    renderAt('/list?keyword=fork', () => <TrainingListPage />);
    expect((await screen.findByTestId('training-link')).textContent).toBe('Forklift safety');
    expect(api.last(routes.catalog)).toMatchObject({ keyword: 'fork', page: 1 });
    expect(screen.getByTestId('enrolment-state-queued')).toBeTruthy();
  });

  it('the detail shows the application notice before signing up, then signs up', async () => {
    session.set({ operateAuth: [] });
    const detail = sample(routes.catalogGet.response, {
      id: 3,
      name: 'Forklift safety',
      applicationNotice: 'Bring safety shoes.',
      myState: null,
      myReason: '',
      myQueuePosition: null,
      enrolWindow: 'open',
      seats: { taken: 30, total: 30, queued: 2, pending: 0 },
      abilities: { apply: true, cancel: false },
      headmasterName: 'Teacher Wang',
      stages: [
        {
          id: 1,
          name: 'Day 1',
          startsAt: '2031-03-01T01:00:00.000Z',
          endsAt: '2031-03-01T03:00:00.000Z',
          place: 'Hall',
          lecturerName: null,
          courseName: 'Forklift basics',
          topic: 'Brakes',
        },
      ],
    });
    const api = fakeApi().on(routes.catalogGet, detail).on(routes.apply, { state: 'queued' });
    renderAt('/portal/training/3', () => <TrainingDetailPage />, { path: '/portal/training/:id' });
    expect((await screen.findByTestId('training-name')).textContent).toBe('Forklift safety');
    expect(screen.getByTestId('training-seats').textContent).toContain('30/30');
    expect(screen.getByTestId('training-headmaster').textContent).toBe('Teacher Wang');
    expect(screen.getByTestId('training-stage').textContent).toContain('Forklift basics · Brakes');
    expect(screen.queryByTestId('training-cancel')).toBeNull();
    fireEvent.click(screen.getByTestId('training-apply'));
    expect((await screen.findByTestId('training-notice')).textContent).toBe('Bring safety shoes.');
    expect(api.sent(routes.apply)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('training-notice-ok'));
    await waitFor(() => expect(api.last(routes.apply)).toEqual({ classId: 3 }));
  });

  it('my face-to-face training asks for the mode, offers cancel where the row allows and links the certificate of a completed class', async () => {
    session.set({ operateAuth: ['zs-pc'] });
    const api = fakeApi()
      .rows(routes.my, [
        { id: 1, classId: 8, className: 'Forklift safety', state: 'approved', queuePosition: null, reason: '', abilities: { cancel: true } },
        { id: 2, classId: 9, className: 'First aid', state: 'refused', queuePosition: null, reason: 'Full', abilities: { cancel: false } },
        {
          id: 3,
          classId: 10,
          className: 'Crane basics',
          state: 'approved',
          displayState: 'ended',
          certificate: { id: 44, number: 'HL-2030-7KQ4-MX9T-R2HC', status: 'valid' },
          abilities: { cancel: false },
        },
      ])
      .on(routes.cancelMine, { state: 'cancelled' });
    renderAt('/list', () => <FaceTrainingPage />);
    await waitFor(() => expect(screen.getAllByTestId('my-training-item')).toHaveLength(3));
    // The completed class shows its certificate: the number leads to my certificates, the PDF downloads.
    expect(screen.getAllByTestId('my-training-certificate')).toHaveLength(1);
    expect(screen.getByTestId('my-training-certificate-number').getAttribute('href')).toBe('/student-center/certificates');
    expect(screen.getByTestId('my-training-certificate-number').textContent).toBe('HL-2030-7KQ4-MX9T-R2HC');
    fireEvent.click(screen.getByTestId('my-training-certificate-download'));
    await waitFor(() => expect(api.last(certificateRoutes.myDownload)).toEqual({ id: 44 }));
    expect(api.last(routes.my)).toMatchObject({ mode: 'faceToFace' });
    expect(screen.getAllByTestId('my-training-cancel')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('my-training-cancel'));
    fireEvent.click(await screen.findByTestId('my-training-cancel-ok'));
    await waitFor(() => expect(api.last(routes.cancelMine)).toEqual({ classId: 8 }));
  });
});
