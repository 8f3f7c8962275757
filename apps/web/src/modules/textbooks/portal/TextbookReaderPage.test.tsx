// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TextbookReading } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';

let book: TextbookReading;
const reading = (over: Partial<TextbookReading>): TextbookReading => ({
  id: 4,
  name: 'Crane safety',
  author: 'Lee',
  publisher: '',
  labels: [],
  coverUrl: null,
  averageScore: null,
  scoreCount: 0,
  registered: false,
  intro: '',
  status: 'published',
  pdfUrl: null,
  myScore: null,
  page: null,
  pageCount: null,
  abilities: { register: true, unregister: false, score: true },
  ...over,
});

vi.mock('../api', () => ({
  readTextbook: async () => book,
  findTextbookNotes: async () => [],
  registerTextbook: async () => null,
  unregisterTextbook: async () => null,
  scoreTextbook: async () => null,
  saveTextbookProgress: async () => null,
  insertTextbookNote: async () => null,
  updateTextbookNote: async () => null,
  deleteTextbookNote: async () => null,
}));
vi.mock('../../media/components', () => ({ PdfViewer: () => null }));
// The reader's route is `/portal/textbook/:id`.
vi.mock('react-router', async (original) => ({ ...(await original<typeof import('react-router')>()), useParams: () => ({ id: '4' }) }));

const { default: TextbookReaderPage } = await import('./TextbookReaderPage');
const page = () => <TextbookReaderPage />;
const registerButton = async () => (await screen.findByTestId('textbook-register')) as HTMLButtonElement;

describe('the reader obeys the abilities the server answers', () => {
  it('offers registration only when the server allows it, whatever the status says', async () => {
    book = reading({ abilities: { register: false, unregister: false, score: true } });
    const first = renderAt('/list', page);
    expect((await registerButton()).disabled).toBe(true);
    first.unmount();
    book = reading({ status: 'offShelf', registered: true, abilities: { register: false, unregister: true, score: false } });
    renderAt('/list', page);
    expect((await registerButton()).disabled).toBe(false);
  });
});
