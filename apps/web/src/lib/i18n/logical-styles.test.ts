import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceDir = path.resolve(import.meta.dirname, '../..');
const stylesheets = fs
  .readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({
    file,
    css: fs.readFileSync(path.join(sourceDir, file), 'utf8').replaceAll(/\/\*[\s\S]*?\*\//g, ''),
  }));

/** Declarations that pin a side, which right to left would have to undo: their logical twins mirror themselves. */
const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?\s*:/,
  /(?:^|[\s;{])border-(?:top|bottom)-(?:left|right)-radius\s*:/,
  /(?:^|[\s;{])(?:left|right)\s*:/,
  /(?:^|[\s;{])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/,
];

describe('our stylesheets', () => {
  it('are found', () => {
    expect(stylesheets.map(({ file }) => file)).toContain('styles.css');
  });

  it.each(stylesheets)('$file uses logical properties, so Arabic mirrors it', ({ css }) => {
    const physical = css
      .split('\n')
      .filter((line) => PHYSICAL.some((pattern) => pattern.test(line)))
      .map((line) => line.trim());
    expect(physical).toEqual([]);
  });
});
