/**
 * Keyboard alone (issue 19, accessibility): a student signs in, opens an exam from the portal
 * home, answers with the arrow keys and Space and submits through the confirm dialog, pressing
 * only Tab, Shift+Tab, arrows, Space and Enter. Every control reached shows a focus ring (or a
 * caret), and every control is reached within a bounded number of presses (no trap, nothing
 * left out of the tab order).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createActiveStudent, createOrg, login, loginAdmin, post, uniq } from './support/api';
import { useBrowser, visible, waitForPath } from './support/browser';
import { openExam } from './support/exams';

const PASSWORD = 'Keys-12345';

/** What holds the focus, for a failure message: tag, role, test id and text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const role = el.getAttribute('role');
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    const text = (el.getAttribute('aria-label') || el.innerText || '').replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${role ? `[${role}]` : ''}${id ? `@${id}` : ''} "${text}"`;
  });
}

/**
 * The focused control shows it: a caret in a text field, else an outline (on the control, on
 * the box antd draws next to a radio or checkbox input, or on its wrapper) that is not transparent.
 */
async function expectFocusShown(page: Page) {
  const shown = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    if (el.matches('textarea, input:not([type]), input[type=text], input[type=password], input[type=search]')) return true;
    return [el, el.nextElementSibling, el.parentElement].some((e) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && !/^rgba\(.*,\s*0\)$|^transparent$/.test(s.outlineColor);
    });
  });
  expect(shown, `no visible focus on ${await focused(page)}`).toBe(true);
}

/** Presses Tab (Shift+Tab with `back`) until `target` holds the focus, within `max` presses; the focus must show. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  const holds = () => target.first().evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  const trail: string[] = [];
  while (!(await holds())) {
    if (trail.length === max) throw new Error(`not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${trail.join(' → ')}`);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    trail.push(await focused(page));
  }
  await expectFocusShown(page);
}

/** Waits until a dialog holds the focus (it moved there by itself) and answers its button. */
async function focusInDialog(page: Page) {
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
}

describe('keyboard only', () => {
  const b = useBrowser();

  it('a student signs in, opens an exam, answers and submits it without the mouse', async () => {
    const admin = await loginAdmin();
    const orgId = await createOrg(admin, { name: uniq('Keys Dept ') });
    const exam = await openExam(admin, orgId, 'Keys exam ');
    const student = await createActiveStudent(admin, PASSWORD, { orgId });
    // A searched word: the header's search field, focused on the way, opens its hot words (a list Tab must get past).
    await post(await login(student.username, PASSWORD, 'student'), 'student/search-record', { keyword: uniq('keys'), type: 'course' });
    const { page } = b;

    // Sign in: the student entry is the second tab of the form (arrow to it, Enter picks it).
    await page.goto('/');
    await visible(page.getByTestId('login-form'));
    await tabTo(page, page.getByRole('tab', { selected: true }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('tab', { selected: true }).getByTestId('login-tab-student'));
    await tabTo(page, page.getByTestId('login-username'));
    await page.keyboard.type(student.username);
    await tabTo(page, page.getByTestId('login-password'));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/portal');

    // The portal home lists the exam: its link leads to "my exams", where Start asks first.
    const link = page.getByTestId('home-exams-item').filter({ hasText: exam.name }).getByRole('link');
    await visible(link);
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/student-center/exams');
    const start = page.getByTestId('my-exam-item').filter({ hasText: exam.name }).getByTestId('my-exam-start');
    await visible(start);
    await tabTo(page, start);
    await page.keyboard.press('Enter');
    await visible(page.getByTestId('start-confirm-ok'));
    await focusInDialog(page);
    await tabTo(page, page.getByTestId('start-confirm-ok'), { max: 5 });
    await page.keyboard.press('Enter');
    await visible(page.getByTestId('answer-sheet'));

    // The single choice: the arrows move the choice (down to the wrong one, back up); the true/false: Space.
    const single = page.locator('[data-testid^=question-]').filter({ hasText: exam.stems.single });
    const green = single.getByRole('radio', { name: /Green zone/ });
    await tabTo(page, single.getByRole('radio').first());
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => single.getByRole('radio', { name: /Red zone/ }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => green.isChecked()).toBe(true);
    const judgment = page.locator('[data-testid^=question-]').filter({ hasText: exam.stems.judgment });
    await tabTo(page, judgment.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect.poll(() => judgment.getByRole('radio').first().isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('save-state').first().getAttribute('data-kind')).toBe('saved');

    // Back up to Submit, confirm in the dialog: the result.
    await tabTo(page, page.getByTestId('submit').first(), { back: true });
    await page.keyboard.press('Enter');
    await visible(page.getByTestId('submit-confirm-ok'));
    await focusInDialog(page);
    await tabTo(page, page.getByTestId('submit-confirm-ok'), { max: 5 });
    await page.keyboard.press('Enter');
    await visible(page.getByTestId('exam-result'));
  });
});
