import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../../../../packages/contracts/src/i18n/messages/en.json';
import { AUDIT_ACTION_NAMES, targetName, targetTypeName } from './audit-words';

const serverModules = path.resolve(import.meta.dirname, '../../../../../server/src');

/** Every `recordAudit(…)` call's text in the server's code: where actions and target types are named. */
function auditCalls(): string[] {
  const files = fs
    .readdirSync(serverModules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => fs.readFileSync(path.join(serverModules, file), 'utf8'));
  return files.flatMap((text) =>
    [...text.matchAll(/recordAudit\(/g)].map((match) => text.slice(match.index, text.indexOf('});', match.index))),
  );
}

describe('the audit log’s words', () => {
  const calls = auditCalls();
  const actions = new Set(
    calls.flatMap((call) => [...call.matchAll(/'([a-z]+(?:\.[a-z-]+)+)'/g)].map((m) => m[1] ?? '')),
  );
  const targetTypes = new Set(
    calls.flatMap((call) => [...call.matchAll(/targetType: '([a-z_]+)'/g)].map((m) => m[1] ?? '')),
  );

  it('finds the server’s audit calls', () => {
    expect(actions).toContain('listing.remove');
    expect(actions).toContain('support.reply');
    expect(actions).toContain('help.question.unpublish');
    expect(targetTypes).toContain('support_ticket');
  });

  it('names every action the server records, in both languages (no raw action on the screen)', () => {
    const unnamed = [...actions].filter((action) => !(action in AUDIT_ACTION_NAMES));
    expect(unnamed).toEqual([]);
    for (const key of Object.values(AUDIT_ACTION_NAMES)) expect(en).toHaveProperty([key]);
  });

  it('names every target type the server records', () => {
    const t = (key: string) => key;
    for (const type of targetTypes) {
      expect(targetTypeName(t as never, type)).not.toBe(type);
      expect(targetName(t as never, { type, id: 1 })).not.toBe('admin.audit.target.other');
    }
  });
});
