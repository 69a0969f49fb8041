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

  it('come in four parts: the shell’s and public pages’ first, the other page areas’ and the help centre’s with their code, the back-office’s to staff alone', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const [whole, core, areas, staff, help] =
        locale === 'en'
          ? await Promise.all([
              import('virtual:marketplace-messages/en'),
              import('virtual:marketplace-messages/en/core'),
              import('virtual:marketplace-messages/en/page-areas'),
              import('virtual:marketplace-messages/en/admin'),
              import('virtual:marketplace-messages/en/help'),
            ])
          : await Promise.all([
              import('virtual:marketplace-messages/ar'),
              import('virtual:marketplace-messages/ar/core'),
              import('virtual:marketplace-messages/ar/page-areas'),
              import('virtual:marketplace-messages/ar/admin'),
              import('virtual:marketplace-messages/ar/help'),
            ]);
      const coreKeys = Object.keys(core.default);
      const areaKeys = Object.keys(areas.default);
      const staffKeys = Object.keys(staff.default);
      const helpKeys = Object.keys(help.default);
      expect(areaKeys.length).toBeGreaterThan(100);
      expect(helpKeys.length).toBeGreaterThan(20);
      expect(areaKeys.filter((key) => coreKeys.includes(key))).toEqual([]);
      expect(helpKeys.filter((key) => coreKeys.includes(key))).toEqual([]);
      // A key both a page area and a help centre page name is in both of their parts.
      expect([...new Set([...coreKeys, ...areaKeys, ...helpKeys, ...staffKeys])].sort()).toEqual(
        Object.keys(whole.default).sort(),
      );
      // A visitor's and a user's catalogues hold none of the back-office's words.
      expect(staffKeys).toContain('admin.secondFactor.verifyTitle');
      expect([...coreKeys, ...areaKeys, ...helpKeys].filter((key) => /^(admin|moderation)\./.test(key))).toEqual([]);
      expect(staffKeys.filter((key) => !/^(admin|moderation)\./.test(key))).toEqual([]);
      // The shell (header, footer, errors) names none of the page areas' strings.
      const shell = sourcesOf(['apps/web/src/app']);
      expect([...areaKeys, ...helpKeys].filter((key) => shell.includes(`'${key}'`))).toEqual([]);
      // Nor does the server or the contracts: what they encode for the page to word may reach any page.
      const server = sourcesOf(['apps/server/src', 'packages/contracts/src']);
      expect([...areaKeys, ...helpKeys].filter((key) => server.includes(`'${key}'`))).toEqual([]);
    }
  });
});
