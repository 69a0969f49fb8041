import fs from 'node:fs';
import path from 'node:path';
import { isServerOnlyMessage } from '@marketplace/contracts';
import { sourceCatalogues } from '@marketplace/contracts/i18n/catalogues';
import { describe, expect, it } from 'vitest';

const keys = Object.keys(sourceCatalogues.en);

// The catalogues' other checks (every language complete, valid ICU, same placeholders) are in
// packages/contracts/src/i18n/catalogues.test.ts; a message no code names is found here.
describe('the messages the code uses', () => {
  const root = path.resolve(import.meta.dirname, '../../../../..');
  const sourcesOf = (dirs: string[]) =>
    dirs
      .flatMap((dir) =>
        fs
          .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('test/'))
          .map((file) => fs.readFileSync(path.join(root, dir, file), 'utf8')),
      )
      .join('\n');
  const sources = sourcesOf(['apps/web/src', 'apps/server/src', 'packages/contracts/src']);

  it('are every message of the catalogue: none is left unused', () => {
    expect(keys.filter((key) => !sources.includes(`'${key}'`))).toEqual([]);
  });

  it('leave the server-only ones out of the browser, whose code names none of them', async () => {
    const serverOnly = keys.filter(isServerOnlyMessage);
    expect(serverOnly).toContain('mail.unsubscribe');
    for (const locale of ['en', 'ar'] as const) {
      const shipped = Object.keys(
        locale === 'en'
          ? (await import('virtual:marketplace-messages/en')).default
          : (await import('virtual:marketplace-messages/ar')).default,
      );
      expect(shipped.filter(isServerOnlyMessage)).toEqual([]);
      expect(shipped).toHaveLength(keys.length - serverOnly.length);
    }
    const webSources = sourcesOf(['apps/web/src']);
    expect(serverOnly.filter((key) => webSources.includes(`'${key}'`))).toEqual([]);
  });

  it('come in parts: the shell’s first, each page’s and the widgets’ with their code, the server’s words when it answers, the back-office’s to staff alone', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const [whole, core, areas, staff, server, home, login] =
        locale === 'en'
          ? await Promise.all([
              import('virtual:marketplace-messages/en'),
              import('virtual:marketplace-messages/en/core'),
              import('virtual:marketplace-messages/en/page-areas'),
              import('virtual:marketplace-messages/en/admin'),
              import('virtual:marketplace-messages/en/server'),
              import('virtual:marketplace-messages/en/page/home-page'),
              import('virtual:marketplace-messages/en/page/login-page'),
            ])
          : await Promise.all([
              import('virtual:marketplace-messages/ar'),
              import('virtual:marketplace-messages/ar/core'),
              import('virtual:marketplace-messages/ar/page-areas'),
              import('virtual:marketplace-messages/ar/admin'),
              import('virtual:marketplace-messages/ar/server'),
              import('virtual:marketplace-messages/ar/page/home-page'),
              import('virtual:marketplace-messages/ar/page/login-page'),
            ]);
      const { default: loaders } = await import('virtual:marketplace-messages/page-loaders');
      const pages = await Promise.all(Object.values(loaders[locale]).flatMap((load) => (load ? [load()] : [])));
      const pageKeys = pages.flatMap((part) => Object.keys(part.default));
      const coreKeys = Object.keys(core.default);
      const areaKeys = Object.keys(areas.default);
      const staffKeys = Object.keys(staff.default);
      const serverKeys = Object.keys(server.default);
      expect(Object.keys(home.default)).toContain('home.headline');
      expect(Object.keys(login.default)).toContain('auth.forgotPassword');
      for (const part of [areaKeys, serverKeys, pageKeys])
        expect(part.filter((key) => coreKeys.includes(key))).toEqual([]);
      // Every message reaches the page through one part or another (a key may be in several).
      expect([...new Set([...coreKeys, ...areaKeys, ...staffKeys, ...serverKeys, ...pageKeys])].sort()).toEqual(
        Object.keys(whole.default).sort(),
      );
      // A visitor's and a user's catalogues hold none of the back-office's words.
      expect(staffKeys).toContain('admin.secondFactor.verifyTitle');
      expect(
        [...coreKeys, ...areaKeys, ...serverKeys, ...pageKeys].filter((key) => /^(admin|moderation)\./.test(key)),
      ).toEqual([]);
      // A page's first strings are small: the shell's (header, footer, errors) and that page's own.
      expect(coreKeys.length).toBeLessThan(300);
      expect(Object.keys(home.default).length).toBeLessThan(100);
    }
  });
});
