import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PACKAGE, chromiumPath } from './chromium';

/** The browser tests need Debian's Chromium: install it when it is missing and we are allowed to. */
export default function globalSetup(): void {
  if (fs.existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is not at ${chromiumPath}: run 'sudo apt-get install -y ${CHROMIUM_PACKAGE}' or set CHROMIUM_PATH.`,
    );
  }
  console.log(`Installing Debian's ${CHROMIUM_PACKAGE} for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', CHROMIUM_PACKAGE], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', CHROMIUM_PACKAGE], { stdio: 'inherit', env });
  }
}
