// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, trainClassRoutes, trainCourseRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { pickOption, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import TrainClassListPage from './manage/TrainClassListPage';
import TrainClassEditPage from './manage/TrainClassEditPage';
import TrainClassCalendarPage from './manage/TrainClassCalendarPage';
import { ClassWorkspace } from './ends/ClassWorkspace';
import { HeadmasterClassesPage } from './ends/MyClassesPage';
import { ClassNoticesPanel } from './ends/ClassNoticesPanel';
import { ClassInfo } from './components/ClassInfo';

const none = { modify: false, delete: false, publish: false, offline: false, cancel: false, complete: false, submit: false };
const stage = {
  id: 7,
  name: 'Opening',
  startsAt: '2030-03-04T01:00:00.000Z',
  endsAt: '2030-03-04T03:00:00.000Z',
  boardroomId: 3,
  boardroomName: 'Room A',
  trainPlaceId: null,
  trainPlaceName: null,
  placeText: '',
  lecturerId: 9,
  lecturerName: 'Dr Li',
  trainCourseId: null,
  trainCourseName: null,
  topic: 'Safety',
};
const detail = (over: Record<string, unknown> = {}) =>
  sample(trainClassRoutes.get.response, {
    id: 5,
    code: 'PX2030000005',
    name: 'Safety class',
    state: 'published',
    displayState: 'notStarted',
    mode: 'faceToFace',
    form: 'internal',
    planKind: 'outsidePlan',
    days: 2,
    startAt: '2030-03-04T00:00:00.000Z',
    endAt: '2030-03-06T00:00:00.000Z',
    enrolStartAt: '2030-02-01T00:00:00.000Z',
    enrolEndAt: '2030-03-01T00:00:00.000Z',
    traineeQuota: 30,
    seatsTaken: 12,
    orgId: null,
    stages: [stage],
    budgetItems: [{ project: 'Meals', amountPerCapita: 50 }],
    abilities: { ...none, modify: true, offline: true, cancel: true },
    ...over,
  });

describe('training classes: the back office', () => {
  it('the list shows state and progress tags and offers only what each row allows', async () => {
    session.set({ operateAuth: ['pxapgl', 'pxapgl:modify', 'pxapgl:delete', 'pxapgl:publish', 'pxapgl:unpublish'] });
    const api = fakeApi().rows(trainClassRoutes.list, [
      { name: 'To publish', state: 'toPublish', displayState: 'notStarted', abilities: { ...none, modify: true, delete: true, publish: true, cancel: true } },
      { name: 'Running', state: 'started', displayState: 'ongoing', abilities: { ...none, complete: true } },
    ]);
    renderAt('/list', () => <TrainClassListPage />);
    await waitFor(() => expect(screen.getAllByTestId('train-class-row-name').map((e) => e.textContent)).toEqual(['To publish', 'Running']));
    expect(screen.getByTestId('train-class-display-ongoing').textContent).toBe('进行中');
    expect(screen.getByTestId('train-class-state-toPublish')).toBeTruthy();
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(1);
    expect(screen.getAllByTestId('train-class-cancel')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('train-class-filter-keyword'), { target: { value: 'Safety' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(trainClassRoutes.list)).toMatchObject({ keyword: 'Safety', page: 1 }));
  });

  it('the editor loads the class with its stages and shows a change rule the server refuses on its field', async () => {
    session.set({ operateAuth: ['pxapgl', 'pxapgl:add', 'pxapgl:modify'] });
    const api = fakeApi()
      .on(trainClassRoutes.get, detail())
      .on(trainCourseRoutes.options, [{ id: 4, name: 'Coaching', hours: 2, status: 'enabled' }])
      .fail(trainClassRoutes.update, 'CLASS_END_ONLY_LATER', 'endAt');
    renderAt('/list?id=5', () => <TrainClassEditPage />);
    const name = (await screen.findByTestId('train-class-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Safety class'));
    expect(((await screen.findByTestId('train-class-stage-name-0')) as HTMLInputElement).value).toBe('Opening');
    expect((screen.getByTestId('train-class-budget-project-0') as HTMLInputElement).value).toBe('Meals');
    // A stage teaches a face-to-face course of the catalogue besides its topic.
    await pickOption('train-class-stage-course-0', 'Coaching');
    fireEvent.click(screen.getByTestId('train-class-submit'));
    await waitFor(() =>
      expect(api.last(trainClassRoutes.update)).toMatchObject({
        id: 5,
        name: 'Safety class',
        stages: [{ id: 7, boardroomId: 3, lecturerId: 9, trainCourseId: 4, topic: 'Safety' }],
        budgetItems: [{ project: 'Meals', amountPerCapita: 50 }],
      }),
    );
    expect(await screen.findByText(ERRORS.CLASS_END_ONLY_LATER.text['zh-CN'])).toBeTruthy();
  });

  it('the editor offers the certificate templates the server lists for the author and saves the one chosen', async () => {
    session.set({ operateAuth: ['pxapgl', 'pxapgl:add', 'pxapgl:modify'] });
    const api = fakeApi()
      .on(trainClassRoutes.get, detail({ certificateTemplateId: 2, certificateTemplateName: 'Safety certificate' }))
      .on(trainClassRoutes.choices, (input) => (input.kind === 'certificate' ? [{ id: 3, label: 'Forklift certificate' }] : []))
      .on(trainClassRoutes.update, detail());
    renderAt('/list?id=5', () => <TrainClassEditPage />);
    // The class's own template is named before any search.
    await waitFor(() => expect(screen.getByTestId('train-class-certificate').closest('.ant-select')?.textContent).toContain('Safety certificate'));
    await pickOption('train-class-certificate', 'Forklift certificate');
    expect(api.last(trainClassRoutes.choices)).toMatchObject({ kind: 'certificate' });
    fireEvent.click(screen.getByTestId('train-class-submit'));
    await waitFor(() => expect(api.last(trainClassRoutes.update)).toMatchObject({ id: 5, certificateTemplateId: 3 }));
  });

  it('the calendar shows the stages of the week', async () => {
    session.set({ operateAuth: ['pxapgl'] });
    const today = new Date();
    today.setHours(9, 0, 0, 0);
    const api = fakeApi().on(trainClassRoutes.calendar, {
      classes: [
        {
          id: 5,
          code: 'PX1',
          name: 'Safety class',
          state: 'published',
          displayState: 'notStarted',
          startAt: today.toISOString(),
          endAt: today.toISOString(),
          mode: 'faceToFace',
        },
      ],
      stages: [{ ...stage, startsAt: today.toISOString(), endsAt: new Date(today.getTime() + 3_600_000).toISOString(), classId: 5, className: 'Safety class' }],
    });
    renderAt('/list', () => <TrainClassCalendarPage />);
    fireEvent.click(await screen.findByTestId('train-calendar-week'));
    await screen.findByTestId('train-calendar-weekgrid');
    await waitFor(() => expect(screen.getAllByTestId('train-calendar-stage').map((e) => e.textContent)).toEqual([expect.stringContaining('Safety class · Opening @ Room A')]));
    const sent = api.last(trainClassRoutes.calendar) as { from: string; to: string };
    expect(Date.parse(sent.to) - Date.parse(sent.from)).toBe(7 * 86_400_000);
  });
});

describe('training classes: the ends', () => {
  it('the class teacher lists their classes; the workspace shows the class and the tabs other modules add', async () => {
    session.set({ operateAuth: ['pxgl-bzr'] });
    fakeApi()
      .rows(trainClassRoutes.myHeadmaster, [{ id: 5, name: 'Safety class', displayState: 'ongoing', seatsTaken: 12, traineeQuota: 30, stages: [] }])
      .on(trainClassRoutes.myGet, detail());
    const first = renderAt('/list', () => <HeadmasterClassesPage />);
    await waitFor(() => expect(screen.getAllByTestId('my-class-row')).toHaveLength(1));
    expect(screen.getByText('Safety class').closest('a')?.getAttribute('href')).toBe('/class-teacher/training/5');
    first.unmount();
    renderAt('/list', () => <ClassWorkspace classId={5} extraTabs={[{ key: 'roster', label: 'Roster', children: <div data-testid="roster-tab">roster</div> }]} />);
    expect((await screen.findByTestId('train-class-info-name')).textContent).toBe('Safety class');
    expect(screen.getByTestId('train-class-info-seats').textContent).toBe('12 / 30');
    expect(screen.getByText('Room A')).toBeTruthy();
    fireEvent.click(screen.getByText('Roster'));
    expect(await screen.findByTestId('roster-tab')).toBeTruthy();
  });

  it('the class teacher sends a notice to the class after confirming and sees it among the notices sent', async () => {
    session.set({ operateAuth: ['pxgl-bzr'] });
    const sent = { id: 1, classId: 5, title: 'Bring a laptop', content: 'Day one', recipients: 12, sentByName: 'Wang', createdAt: '2030-03-01T00:00:00.000Z' };
    let list: (typeof sent)[] = [];
    const api = fakeApi()
      .on(trainClassRoutes.noticeList, () => list)
      .on(trainClassRoutes.noticeSend, () => {
        list = [sent];
        return sent;
      });
    renderAt('/list', () => <ClassNoticesPanel classId={5} />);
    fireEvent.click(await screen.findByTestId('class-notice-send'));
    // Empty fields are refused by the form: nothing is sent.
    await waitFor(() => expect(screen.getAllByText(/./, { selector: '.ant-form-item-explain-error' }).length).toBeGreaterThan(0));
    expect(api.sent(trainClassRoutes.noticeSend)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('class-notice-title'), { target: { value: 'Bring a laptop' } });
    fireEvent.change(screen.getByTestId('class-notice-content'), { target: { value: 'Day one' } });
    fireEvent.click(screen.getByTestId('class-notice-send'));
    fireEvent.click(await screen.findByRole('button', { name: /OK|确定|确 定/ }));
    await waitFor(() => expect(api.last(trainClassRoutes.noticeSend)).toEqual({ classId: 5, title: 'Bring a laptop', content: 'Day one' }));
    expect(await screen.findByText('Bring a laptop', { selector: '.ant-list-item-meta-title' })).toBeTruthy();
  });

  it("the detail shows a stage's face-to-face course and a cancelled class's reason", async () => {
    renderAt('/list', () => (
      <ClassInfo c={detail({ state: 'cancelled', cancelReason: 'Trainer ill', stages: [{ ...stage, trainCourseId: 3, trainCourseName: 'Coaching' }] }) as never} />
    ));
    expect((await screen.findByTestId('train-class-info-cancel-reason')).textContent).toBe('Trainer ill');
    expect(screen.getByText('Coaching')).toBeTruthy();
    expect(screen.getByTestId('train-class-info-certificate').textContent).toBe('不颁发证书');
  });
});
