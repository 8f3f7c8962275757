/**
 * Issue 10, digital textbooks: an administrator adds a textbook (PDF) and publishes it from the
 * form; a student on a 390 px phone finds it on the shelf, reads it with pdf.js (the page is kept),
 * writes a note, scores it and registers it, and finds it under "my textbooks".
 */
import { describe, expect, it } from 'vitest';
import { createActiveStudent, loginAdmin, post, uniq } from './support/api';
import { eventually, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, loginUI, sessionOf } from './support/flows';

/** A two-page PDF (pdf.js rebuilds the cross-reference table when offsets are off). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R 6 0 R]/Count 2>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 44>>stream\nBT /F1 24 Tf 40 100 Td (Textbook p1) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n' +
    '6 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 7 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '7 0 obj<</Length 44>>stream\nBT /F1 24 Tf 40 100 Td (Textbook p2) Tj ET\nendstream endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('digital textbooks', () => {
  const b = useBrowser();

  it('publishes a textbook and reads it as a student at 390 px', async () => {
    const { page } = b;
    const name = uniq('教材');
    await loginAdminUI(page);
    await page.goto('/dashboard/add-textbooks');
    await visible(page.getByTestId('textbook-edit-page'));
    await page.getByTestId('textbook-name').fill(name);
    await page.getByTestId('textbook-author').fill('Li Hua');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('textbook-file').click()]);
    await chooser.setFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer: PDF });
    await visible(page.getByTestId('textbook-file-name'));
    await page.getByTestId('textbook-submit-publish').click();
    await waitForPath(page, '/dashboard/textbooks-digital');
    const row = page.locator('tr', { has: page.getByTestId('textbook-row-name').filter({ hasText: name }) });
    await visible(row.getByTestId('textbook-row-status').filter({ hasText: '已上架' }));

    const admin = await loginAdmin();
    const student = await createActiveStudent(admin, 'Student-1234');
    const phone = await b.newUserPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await loginUI(phone, student.username, student.password, 'student');
    // At phone width the header menu folds its items away: open the section by its address.
    await phone.goto('/portal/textbooks');
    const card = phone.getByTestId('textbook-card').filter({ hasText: name });
    await visible(card);
    await card.click();
    await visible(phone.getByTestId('textbook-reader-page'));
    const viewer = phone.getByTestId('pdf-viewer');
    await visible(viewer.locator('canvas'));
    // The reader fits the phone's width.
    expect((await viewer.boundingBox())!.width).toBeLessThanOrEqual(390);
    const s = await sessionOf(phone);
    const id = Number(new URL(phone.url()).pathname.split('/').pop());
    await phone.getByRole('button', { name: '下一页' }).click();
    await eventually(async () => {
      const r = await post<{ page: number | null }>(s, 'textbook/read', { id });
      if (r.page !== 2) throw new Error(`page ${r.page}`);
    });

    await phone.getByTestId('textbook-note-input').fill('第二页的笔记');
    await phone.getByTestId('textbook-note-add').click();
    await visible(phone.getByTestId('textbook-note-content').filter({ hasText: '第二页的笔记' }));
    await phone.getByTestId('textbook-my-score').locator('.ant-rate-star').nth(3).click();
    await visible(phone.getByTestId('textbook-average').filter({ hasText: '4' }));
    await phone.getByTestId('textbook-register').click();
    await eventually(async () => {
      const r = await post<{ registered: boolean; myScore: number | null }>(s, 'textbook/read', { id });
      if (!r.registered) throw new Error('not registered yet');
      expect(r.myScore).toBe(4);
    });

    // Reopened later, the reader starts at the page left.
    await phone.reload();
    await visible(phone.getByTestId('pdf-viewer-page').filter({ hasText: '第 2 / 2 页' }));
    await phone.goto('/student-center/textbooks');
    await visible(phone.getByTestId('my-textbooks-page').getByTestId('textbook-card').filter({ hasText: name }));
  });
});
