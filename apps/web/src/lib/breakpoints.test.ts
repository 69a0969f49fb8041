import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX, mobileMediaQuery } from './breakpoints';

const sourceDir = path.resolve(import.meta.dirname, '..');
const stylesheets = fs
  .readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, css: fs.readFileSync(path.join(sourceDir, file), 'utf8') }));

describe('the mobile breakpoint', () => {
  it('is 600px, as the spec says', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(600);
    expect(mobileMediaQuery).toBe('(width < 600px)');
  });

  it('is the only width at which the stylesheets change layout', () => {
    const queries = stylesheets.flatMap(({ file, css }) =>
      [...css.matchAll(/@media[^{]*?\(([^)]*width[^)]*)\)/g)].map((match) => ({ file, query: match[1] })),
    );
    expect(queries.length).toBeGreaterThan(0);
    const allowed = new RegExp(`^width (<|>=) ${MOBILE_BREAKPOINT_PX}px$`);
    for (const { file, query } of queries) expect(query, file).toMatch(allowed);
  });
});
