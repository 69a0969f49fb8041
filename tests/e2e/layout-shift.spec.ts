import { expect, test, type Page } from '@playwright/test';

/*
 * Nothing on the home page or /help moves while it loads (issue 34: Lighthouse's CLS): every
 * section that arrives late (the greeting once the session is known, the fresh listings, the FAQ,
 * the web font replacing its fallback) has its place before it comes. On a phone-sized screen with
 * the CPU slowed (half of what Lighthouse slows it by, within the suite's time), so what arrives arrives after the first paint; the layout
 * shifts are the browser's own (PerformanceObserver 'layout-shift'), each named by what moved.
 */

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

declare global {
  interface Window {
    layoutShifts?: { value: number; moved: string[] }[];
  }
}

async function watchLayoutShifts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 2 });
  await page.addInitScript(() => {
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const label = node.getAttribute('aria-labelledby');
      const heading = label ? document.getElementById(label)?.textContent : undefined;
      return `${node.tagName.toLowerCase()}${node.className ? `.${node.className.replaceAll(' ', '.')}` : ''}${heading ? ` "${heading}"` : ''}`;
    };
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.layoutShifts?.push({
          value: entry.value,
          moved: entry.sources.map(
            (source) =>
              `${name(source.node)}: x ${source.previousRect.x} → ${source.currentRect.x}, y ${source.previousRect.y} → ${source.currentRect.y}, ${source.previousRect.width}×${source.previousRect.height} → ${source.currentRect.width}×${source.currentRect.height}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Once the page has everything it shows: its answers, its fonts and every picture in place. */
async function loaded(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  return page.evaluate(() => window.layoutShifts ?? []);
}

test('the home page and /help do not move while they load', async ({ page }) => {
  await watchLayoutShifts(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: /^Fresh/ })).toBeVisible();
  expect(await loaded(page)).toEqual([]);

  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  await expect(page.locator('.help-topic').first()).toBeVisible();
  expect(await loaded(page)).toEqual([]);
});
