// What a first visit to a page downloads, measured in Chromium, and which packages the bytes are.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const brotliSize = (buffer) =>
  zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Loads `route` in a fresh browser profile (empty cache; `cookies`: a session, the language) and lists
 * every script and stylesheet it downloaded until the network went quiet, with gzip -9 and brotli 11
 * sizes of each.
 */
export async function firstVisit(browser, base, route, cookies = []) {
  const context = await browser.newContext();
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
  const page = await context.newPage();
  const files = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => undefined);
    if (!body) return;
    files.push({
      url: new URL(response.url()).pathname,
      type,
      raw: body.length,
      gz: gzipSize(body),
      br: brotliSize(body),
    });
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  const heading =
    (await page
      .locator('h1')
      .first()
      .textContent({ timeout: 10_000 })
      .catch(() => null)) ?? '';
  await context.close();
  const unique = [...new Map(files.map((file) => [file.url, file])).values()];
  return { route, heading: heading.trim(), files: unique };
}

const packageOf = (source) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) return match[1];
  const app = /(apps\/web\/src|packages\/[^/]+\/src)\/(.*)/.exec(source);
  return app
    ? `${app[1]}/${app[2]
        .split('/')
        .slice(0, app[1] === 'apps/web/src' ? 2 : 1)
        .join('/')}`
    : '(bundler)';
};

/** Splits a built file's gzipped size over the packages its source map says its bytes come from. */
export function attribute(distDir, urlPath, gz) {
  const file = path.join(distDir, urlPath);
  if (!fs.existsSync(`${file}.map`)) return new Map();
  const code = fs.readFileSync(file, 'utf8');
  const map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
  const bytes = new Map();
  code.split('\n').forEach((line, lineNumber) => {
    let owner = '(bundler)';
    for (let column = 0; column < line.length; column += 1) {
      const entry = map.findEntry(lineNumber, column);
      if (entry && 'originalSource' in entry && entry.generatedLine === lineNumber)
        owner = packageOf(entry.originalSource);
      bytes.set(owner, (bytes.get(owner) ?? 0) + 1);
    }
  });
  const scale = gz / code.length;
  return new Map([...bytes].map(([owner, count]) => [owner, count * scale]));
}

export async function launchChromium(executablePath) {
  return chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}
