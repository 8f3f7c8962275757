/**
 * axe-core (WCAG 2.1 A and AA rules) in the browser tier: `axeAudit(page, name)` checks the page
 * as it is now and answers the serious and critical violations as readable lines; `AxeReport`
 * gathers them over several pages so one run names everything at once.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);

/**
 * Waits until the page holds still: no loading spinner, no opening or closing motion (a fading
 * element would be measured half-transparent). Endless animations (a spinner elsewhere) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.querySelector('.ant-spin-spinning, .ant-skeleton-active')) return false;
    return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
  });
}

/** One line per failing element: where it is, what is wrong, and for contrast the colours measured. */
function describeNode(node: Result['nodes'][number]): string {
  const where = node.target.map(String).join(' >> ');
  const contrast = node.any.find((c) => c.id === 'color-contrast')?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string } | undefined;
  const detail = contrast?.fgColor
    ? `${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio} (needs ${contrast.expectedContrastRatio})`
    : (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
  const html = node.html.replace(/\s+/g, ' ').slice(0, 140);
  return `      ${where}\n        ${html}\n        ${detail}`;
}

/** Serious and critical violations of the page right now, as text (empty when there are none). */
export async function axeAudit(page: Page, name: string): Promise<string[]> {
  await settled(page);
  // Through the debugging protocol: the app's Content-Security-Policy refuses inline scripts (rightly).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Frames hold user content (SCORM packages, uploaded HTML) on their own origin: the page around them is ours to check.
  const results = await page.evaluate((tags) => {
    const { axe } = window as Window & { axe?: { run(ctx: Document, o: object): Promise<AxeResults> } };
    if (!axe) throw new Error('axe-core is not loaded');
    return axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] });
  }, WCAG_TAGS);
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  return blocking.map(
    (v) =>
      `${name} (${page.url().replace(/^https?:\/\/[^/]+/, '')}) [${v.impact}] ${v.id}: ${v.help}, ${v.nodes.length} node${v.nodes.length > 1 ? 's' : ''} ${v.helpUrl.replace(/\?.*$/, '')}\n${v.nodes.map(describeNode).join('\n')}`,
  );
}

/** Gathers the violations of several pages; `assertClean()` fails on any of them. */
export class AxeReport {
  private readonly found: string[] = [];
  private pages = 0;

  async check(page: Page, name: string): Promise<void> {
    this.pages += 1;
    this.found.push(...(await axeAudit(page, name)));
  }

  /** Throws the whole list, readable in the test's failure, unless every page passed. */
  assertClean(): void {
    if (this.found.length) throw new Error(`axe (${WCAG_TAGS.join(', ')}): serious or critical violations over the ${this.pages} pages checked\n${this.found.join('\n')}`);
  }
}
