// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ConfigProvider } from 'antd';
import type { LearnerState, LearningItem, LearningItemOpen, StudentCourseDetail } from '@hanlin/shared';
import LearnPage from './LearnPage';

const api = vi.hoisted(() => ({
  getStudentCourseById: vi.fn(),
  openItem: vi.fn(),
  sendHeartbeat: vi.fn(),
  syncItem: vi.fn(),
  answerChallenge: vi.fn(),
  downloadCoursewareFile: vi.fn(),
}));
vi.mock('../api', () => api);
// The real player loads hls.js; a plain <video> is what the page pauses.
vi.mock('../../media/components', () => ({
  VideoPlayer: ({ src }: { src: string }) => <video data-testid="video" src={src} />,
  AudioPlayer: () => null,
  PdfViewer: () => null,
  MediaStateTag: () => null,
}));

const item: LearningItem = { id: 7, coursewareId: 70, name: 'Crane signals', kind: 'video', completed: false, position: 0, furthest: 0, total: 100, progress: 0, score: null };
const learner: LearnerState = {
  status: 'learning',
  progress: 0,
  learnedSeconds: 0,
  score: null,
  creditAwarded: 0,
  certificateId: null,
  startedAt: new Date().toISOString(),
  passedAt: null,
};
const course = {
  id: 3,
  name: 'Safety',
  coverUrl: null,
  categoryId: null,
  categoryName: null,
  labels: [],
  required: false,
  credit: 1,
  validUntil: null,
  offShelf: false,
  myStatus: 'learning',
  progress: 0,
  intro: '',
  passProgress: 100,
  passScore: null,
  hasCertificate: false,
  antiCheat: true,
  antiCheatInterval: 60,
  antiSkip: false,
  lecturers: [],
  chapters: [{ id: 1, name: 'One', items: [item] }],
  learner,
  abilities: { start: false, learn: true },
} satisfies StudentCourseDetail;
const opened = (challengeInSeconds: number | null): LearningItemOpen => ({
  item,
  fileId: 'f1',
  fileName: 'crane.mp4',
  media: { fileId: 'f1', kind: 'video', state: 'ready', progress: 100, durationMs: 100_000, error: null, playUrl: '/play/f1.m3u8' } as LearningItemOpen['media'],
  scormPackageId: null,
  contextKey: 'course:3',
  antiSkip: false,
  challengeInSeconds,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/portal/courses/:id/learn/:itemId', Component: LearnPage }], { initialEntries: ['/portal/courses/3/learn/7'] });
  render(
    // No motion: a closed pop-up leaves the page at once.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

configure({ asyncUtilTimeout: 5000 });
let pause: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  api.getStudentCourseById.mockResolvedValue(course);
  api.sendHeartbeat.mockResolvedValue({ counted: 10, challenge: false, item, learner });
  api.answerChallenge.mockResolvedValue({ challengeInSeconds: 60 });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.values(api).forEach((f) => f.mockReset());
});

describe('learning page anti-cheat pop-up', () => {
  it('appears after the interval the server gives, pauses the video until confirmed, then counts the next interval', async () => {
    api.openItem.mockResolvedValueOnce(opened(60)).mockResolvedValue(opened(60));
    renderPage();
    const video = await screen.findByTestId('video');
    // Playing: happy-dom keeps `paused` true, the page reads it.
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByTestId('learn-challenge')).toBeNull();
    expect(pause).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await screen.findByTestId('learn-challenge');
    expect(pause).toHaveBeenCalledTimes(1);
    // Started again behind the pop-up: paused again.
    fireEvent.play(video);
    expect(pause).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByTestId('learn-challenge-ok'));
    await waitFor(() => expect(api.answerChallenge).toHaveBeenCalledWith({ id: 3 }));
    await waitFor(() => expect(screen.queryByTestId('learn-challenge')).toBeNull());
    // Confirmed: playing again, and the next pop-up is an interval away.
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByTestId('learn-challenge')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await screen.findByTestId('learn-challenge');
  });

  it('shows as soon as a heartbeat says the pop-up is due, and never for a course without anti-cheat', async () => {
    api.openItem.mockResolvedValue(opened(null));
    renderPage();
    await screen.findByTestId('video');
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.queryByTestId('learn-challenge')).toBeNull();
    api.sendHeartbeat.mockResolvedValue({ counted: 0, challenge: true, item, learner });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await screen.findByTestId('learn-challenge');
  });
});

describe('learning page progress', () => {
  const percent = (testId: string) => screen.getByTestId(testId).querySelector('.ant-progress-indicator')?.textContent;

  it('shows the item’s own progress beside the course’s, moved by each beat of that item only', async () => {
    api.openItem.mockResolvedValue(opened(null));
    renderPage();
    await screen.findByTestId('video');
    expect(percent('learn-item-progress')).toBe('0%');
    expect(percent('learn-course-progress')).toBe('0%');
    // Forty seconds into the first video: the item is at 40 %, the course still at 0 %.
    api.sendHeartbeat.mockResolvedValue({ counted: 10, challenge: false, item: { ...item, furthest: 40, progress: 40 }, learner });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(percent('learn-item-progress')).toBe('40%'));
    expect(percent('learn-course-progress')).toBe('0%');
    // A late answer about another item (the beat sent on leaving it) leaves this item's bar alone.
    api.sendHeartbeat.mockResolvedValue({ counted: 10, challenge: false, item: { ...item, id: 8, progress: 90 }, learner: { ...learner, progress: 50 } });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(percent('learn-course-progress')).toBe('50%'));
    expect(percent('learn-item-progress')).toBe('40%');
  });
});
