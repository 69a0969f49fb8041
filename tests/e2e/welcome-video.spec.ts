import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { chooseLanguage } from './support/languages';

test('the home page’s welcome video loads nothing until played, plays from the keyboard with Arabic captions, and axe finds nothing', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await chooseLanguage(context, baseURL, 'ar');
  const page = await context.newPage();
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(webm|mp4|vtt)$/.test(pathname)) files.push(pathname);
  });
  await page.goto('/');
  // Its code comes as its section nears the screen (below the fresh listings).
  await page.getByRole('heading', { name: 'جديد هنا؟ شاهد كيف يعمل الموقع' }).scrollIntoViewIfNeeded();
  const play = page.getByRole('button', { name: /فيديو الترحيب/ });
  await expect(play).toBeEnabled();
  await expect(play.locator('img')).toHaveJSProperty('complete', true);
  const box = page.locator('.welcome-video');
  const place = () =>
    box.evaluate((element: HTMLElement) => [element.offsetTop, element.offsetWidth, element.offsetHeight]);
  const before = await place();
  const { violations } = await new AxeBuilder({ page }).include('.welcome-video').analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
  expect(files).toEqual([]);

  await play.focus();
  await page.keyboard.press('Enter');
  const video = box.locator('video');
  await expect(video).toBeFocused();
  // Playing, with the Arabic captions shown and their first cue on screen.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);
  const cue = () =>
    video.evaluate((element: HTMLVideoElement) => {
      let track: TextTrack | undefined;
      for (let i = 0; i < element.textTracks.length; i++) {
        if (element.textTracks[i]?.mode === 'showing') track = element.textTracks[i];
      }
      const active = track?.activeCues?.[0] as VTTCue | undefined;
      return `${track?.language ?? 'none'}: ${active?.text ?? ''}`;
    });
  await expect.poll(cue).toMatch(/^ar: مرحبًا/);
  expect(files.some((file) => /\.(webm|mp4)$/.test(file))).toBe(true);
  expect(files.filter((file) => file.endsWith('.vtt')).length).toBeGreaterThan(0);
  // The player took the poster's box: nothing moved (the page may have scrolled to it).
  expect(await place()).toEqual(before);

  // Space, with focus on the player, pauses it: its own controls work from the keyboard.
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  const after = await new AxeBuilder({ page }).include('.welcome-video').analyze();
  expect(after.violations.map(({ id }) => id)).toEqual([]);
  await context.close();
});
