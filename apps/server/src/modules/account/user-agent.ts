import type { DeviceKind } from '@marketplace/contracts';

export interface DeviceDescription {
  device: DeviceKind;
  browser: string | null;
  os: string | null;
}

/** The first that matches names the browser: Edge and Opera say "Chrome" too, and Chrome says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * What a User-Agent says about the device, as much as a person recognises ("Chrome", "Android",
 * a phone): no version numbers, which change weekly and tell the owner nothing. A header that says
 * nothing we know reads as an unknown device, never as an error.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  let device: DeviceKind = 'unknown';
  if (/\biPad\b|\bTablet\b/.test(agent) || (os === 'Android' && !/\bMobile\b/.test(agent))) device = 'tablet';
  else if (/\bMobile\b|\biPhone\b/.test(agent)) device = 'phone';
  else if (os !== null) device = 'computer';
  return { device, browser, os };
}
