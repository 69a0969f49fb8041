/** Debian's Chromium; CHROMIUM_PATH points elsewhere when it lives somewhere else. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
