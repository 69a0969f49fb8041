import fs from 'node:fs';

/**
 * Debian's Chromium for the browser tests: its headless shell (package chromium-headless-shell), the
 * same engine without the desktop browser's compositing, which ran the suite on half the CPU of
 * /usr/bin/chromium (docs/testing.md); the full browser when only it is installed. CHROMIUM_PATH
 * points elsewhere.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
const FULL_BROWSER_PATH = '/usr/bin/chromium';

/** The Debian package that global-setup.ts installs when no Chromium is found. */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';

export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL_PATH) || !fs.existsSync(FULL_BROWSER_PATH) ? HEADLESS_SHELL_PATH : FULL_BROWSER_PATH);
