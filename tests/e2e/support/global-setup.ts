import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from './chromium';

/** The browser tests need Debian's Chromium: install it when it is missing and we are allowed to. */
export default function globalSetup(): void {
  if (fs.existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is not at ${chromiumPath}: run 'sudo apt-get install -y chromium' or set CHROMIUM_PATH.`);
  }
  console.log('Installing Debian Chromium for the browser tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
