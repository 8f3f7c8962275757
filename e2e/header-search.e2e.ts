/**
 * Issue 11 point 6, browser tier: the header search opens the list by itself 400 ms after typing
 * stops (no Enter, no click), records the search once for the whole word, offers recorded words
 * starting with the text, and offers the hot words when focused empty. (The daily check-in of
 * the same point, button, streak text and experience percentage, is in messages.e2e.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { createActiveStudent, loginAdmin, post } from './support/api';
import { eventually, useBrowser, visible, waitForPath } from './support/browser';
import { loginUI, sessionOf } from './support/flows';

const PASSWORD = 'Passw0rd-e2e';

describe('header search', () => {
  const b = useBrowser();

  it('navigates by itself 400 ms after typing stops, records the search once, then suggests it and lists the hot words', async () => {
    const admin = await loginAdmin();
    const student = await createActiveStudent(admin, PASSWORD);
    const { page } = b;
    await loginUI(page, student.username, student.password, 'student');

    const records: { at: number; keyword: string }[] = [];
    page.on('request', (r: Request) => {
      if (r.url().endsWith('/api/student/search-record')) records.push({ at: Date.now(), keyword: (r.postDataJSON() as { keyword: string }).keyword });
    });
    const input = await visible(page.locator('[data-testid=search-input] input, input[data-testid=search-input]').first());

    // Typed key by key, faster than the debounce: one search for the whole word, none for a prefix.
    const word = `crane${Date.now().toString(36)}`;
    await input.click();
    await input.pressSequentially(word, { delay: 60 });
    const typed = Date.now();
    await waitForPath(page, /^\/portal\/courses\?keyword=/);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe(word);
    await eventually(async () => expect(records.map((r) => r.keyword)).toEqual([word]));
    expect(records[0]!.at - typed).toBeGreaterThanOrEqual(300);

    // Recorded on the server: the word is now suggested for its first letters.
    const session = await sessionOf(page);
    const prefix = word.slice(0, 8);
    expect(await post<string[]>(session, 'student/search-suggest', { keyword: prefix })).toEqual([word]);

    // Typing the first letters offers the recorded word; picking it searches for it.
    await input.fill('');
    await input.pressSequentially(prefix, { delay: 60 });
    const suggestion = await visible(page.getByTestId('search-suggestion').filter({ hasText: word }));
    await page.waitForURL((u) => u.searchParams.get('keyword') === prefix);
    await suggestion.click();
    await page.waitForURL((u) => u.searchParams.get('keyword') === word);
    await eventually(async () => expect(records.map((r) => r.keyword)).toEqual([word, prefix, word]));

    // Focused while empty: the hot words, most searched first, as the server counts them.
    await input.fill('');
    await input.blur();
    await input.focus();
    const hot = page.getByTestId('search-hot-word');
    await visible(hot.first());
    const expected = (await post<{ word: string }[]>(session, 'student/hot-words')).map((w) => w.word);
    expect(expected).toContain(word);
    expect(await hot.allTextContents()).toEqual(expected);

    // From the keyboard: ArrowDown enters the list, Escape gives the focus back to the field without opening it again,
    // and Tab leaves the field for the next control (the list no longer pulls the focus in).
    const inList = () => page.evaluate(() => !!document.activeElement?.closest('.hl-search-suggestions'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(inList).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => input.evaluate((e) => e === document.activeElement)).toBe(true);
    await expect.poll(() => hot.first().isVisible()).toBe(false);
    await input.blur();
    await input.focus();
    await visible(hot.first());
    await page.keyboard.press('Tab');
    await expect.poll(() => input.evaluate((e) => e === document.activeElement)).toBe(false);
    expect(await inList()).toBe(false);
    await expect.poll(() => hot.first().isVisible()).toBe(false);
  });
});
