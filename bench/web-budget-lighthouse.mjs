// Lighthouse (its default: a mobile phone on a slow 4G network, simulated) against the real server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

/** A Chromium that Lighthouse drives over its DevTools port. */
async function startChromium(executablePath) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-lighthouse-'));
  const chrome = spawn(
    executablePath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let output = '';
    chrome.stderr.on('data', (chunk) => {
      output += String(chunk);
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    chrome.on('exit', (code) => reject(new Error(`Chromium exited with ${code}: ${output}`)));
  });
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => chrome.on('exit', resolve));
      chrome.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still be writing to the profile for a moment after it exits.
      await fs.promises
        .rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
        .catch((error) => console.warn(`Could not remove ${profile}: ${error.message}`));
    },
  };
}

const metric = (lhr, id) => lhr.audits[id]?.numericValue;

/** One Lighthouse run in a fresh Chromium; a run whose trace Lighthouse could not read is repeated. */
async function lighthouseRun(executablePath, url, cookie, attempts = 3) {
  const chrome = await startChromium(executablePath);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie && { extraHeaders: { Cookie: `${cookie.name}=${cookie.value}` } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempts <= 1) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
  } finally {
    await chrome.stop();
  }
  return lighthouseRun(executablePath, url, cookie, attempts - 1);
}

/** Runs Lighthouse `runs` times on `url`; returns every run's scores and metrics, and the median. */
export async function audit(executablePath, url, { cookie, runs }) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const lhr = await lighthouseRun(executablePath, url, cookie);
    // LIGHTHOUSE_REPORT_DIR keeps each run's full report (which element is the LCP, the long tasks, ...).
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${run + 1}.json`;
      fs.writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
    }
    results.push({
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcp: metric(lhr, 'first-contentful-paint'),
      lcp: metric(lhr, 'largest-contentful-paint'),
      tbt: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
      si: metric(lhr, 'speed-index'),
      failedAccessibility: Object.values(lhr.audits)
        .filter((item) => item.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === item.id))
        .map((item) => item.id),
    });
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return { median: sorted[Math.floor(sorted.length / 2)], runs: results };
}
