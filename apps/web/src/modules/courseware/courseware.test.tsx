// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import { CoursewareRowSchema, ORDINARY_UPLOAD_MAX, coursewareRoutes, uploadRoutes } from '@hanlin/shared';
import CoursewareListPage from './manage/CoursewareListPage';
import CoursewareEditPage from './manage/CoursewareEditPage';

const media = { fileId: undefined, progress: 100, durationMs: null, error: null, playUrl: null, downloadUrl: '/api/upload/file/x' };

describe('courseware', () => {
  it('the list shows the courseware the server sends, searches by name and offers delete only where allowed', async () => {
    session.set({ operateAuth: ['kjgl', 'kjgl:modify', 'kjgl:delete'] });
    const api = fakeApi().rows(coursewareRoutes.list, [
      { name: 'Crane signals.mp4', abilities: { modify: true, delete: true } },
      { name: 'Ladder safety.pdf', abilities: { modify: true, delete: false } },
    ]);
    renderAt('/list', () => <CoursewareListPage />);
    await expectRows('courseware-row-name', ['Crane signals.mp4', 'Ladder safety.pdf']);
    expect(screen.getAllByTestId('crud-row-delete')).toHaveLength(1);
    await searchBy('courseware-filter-keyword', 'crane', () => api.last(coursewareRoutes.list), { keyword: 'crane' });
  });

  it('a document reads as one: its type, pages and states in document words (unknown pages when the server has no count)', async () => {
    session.set({ operateAuth: ['kjgl'] });
    fakeApi().rows(coursewareRoutes.list, [
      { name: 'Manual.pdf', type: 'general', media: { ...media, kind: 'pdf', state: 'ready', pages: 12 } },
      { name: 'Slides.pptx', type: 'general', media: { ...media, kind: 'office', state: 'download', pages: null } },
      { name: 'Crane.mp4', type: 'video', media: { ...media, kind: 'video', state: 'processing', progress: 40, pages: null } },
    ]);
    renderAt('/list', () => <CoursewareListPage />);
    await expectRows('courseware-row-name', ['Manual.pdf', 'Slides.pptx', 'Crane.mp4']);
    expect(screen.getAllByText('文档（PDF/Office）')).toHaveLength(2);
    expect(screen.getAllByTestId('courseware-pages').map((e) => e.textContent)).toEqual(['12 页', '页数未知']);
    expect(screen.getAllByTestId('media-state').map((e) => e.textContent)).toEqual(['可阅读', '仅可下载（无法在线预览）', '转码中 40%']);
  });

  it('the add page has one file picker: a small file goes in one request and sets the type, a large one goes in resumable chunks', async () => {
    session.set({ operateAuth: ['kjgl', 'kjgl:add'] });
    const api = fakeApi()
      .on(uploadRoutes.file, { id: 'f1', url: '/api/upload/file/f1', name: 'Ladder safety.pdf', size: 1000, mime: 'application/pdf' })
      .on(coursewareRoutes.insert, { id: 5 });
    renderAt('/list', () => <CoursewareEditPage />);
    await screen.findByTestId('courseware-file');
    expect(document.querySelectorAll('input[type=file]')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /选择/ })).toHaveLength(1);

    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'Ladder safety.pdf', { type: 'application/pdf' })] } });
    await screen.findByTestId('courseware-file-name');
    expect(api.sent(uploadRoutes.chunkedInit)).toEqual([]);
    expect(screen.getByTestId('courseware-picked-type').textContent).toContain('文档（PDF/Office）');

    fireEvent.change(screen.getByTestId('courseware-name'), { target: { value: 'Ladder safety' } });
    fireEvent.click(screen.getByTestId('courseware-submit'));
    await waitFor(() => expect(api.last(coursewareRoutes.insert)).toMatchObject({ name: 'Ladder safety', type: 'general', file: '/api/upload/file/f1' }));

    // Saved, the page leaves; a new add page: a file beyond one request's limit takes the resumable way from the same picker.
    await screen.findByTestId('elsewhere');
    cleanup();
    renderAt('/list', () => <CoursewareEditPage />);
    await screen.findByTestId('courseware-file');
    const big = new File(['x'], 'Crane.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: ORDINARY_UPLOAD_MAX + 1 });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [big] } });
    await waitFor(() => expect(api.sent(uploadRoutes.chunkedInit)).toHaveLength(1));
    expect(api.sent(uploadRoutes.file)).toHaveLength(1);
  });

  it('an edited document shows its file as a document: type, state in document words and page count', async () => {
    session.set({ operateAuth: ['kjgl', 'kjgl:modify'] });
    fakeApi().on(
      coursewareRoutes.get,
      sample(CoursewareRowSchema, {
        id: 3,
        name: 'Manual',
        type: 'general',
        fileName: 'Manual.pdf',
        media: { ...media, kind: 'pdf', state: 'ready', pages: 12 },
        abilities: { modify: true, delete: true, preview: true },
      }),
    );
    renderAt('/list?id=3', () => <CoursewareEditPage />);
    const facts = await screen.findByTestId('courseware-file-facts');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('courseware-name').value).toBe('Manual'));
    expect(facts.textContent).toContain('Manual.pdf');
    expect(facts.textContent).toContain('文档（PDF/Office）');
    expect(screen.getByTestId('media-state').textContent).toBe('可阅读');
    expect(screen.getByTestId('courseware-pages').textContent).toBe('12 页');
    expect(facts.textContent).not.toMatch(/播放|转码/);
    // The file stays as uploaded: no picker on an edit.
    expect(document.querySelectorAll('input[type=file]')).toHaveLength(0);
  });
});
