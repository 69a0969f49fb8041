import { describe, expect, it } from 'vitest';
import { caretAfterDigits, maskDate } from './date-mask';

describe('maskDate (##/##/####)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['14', '14'],
    ['140', '14/0'],
    ['1402', '14/02'],
    ['14021992', '14/02/1992'],
    ['140219921', '14/02/1992'],
    ['14/02/1992', '14/02/1992'],
    ['14-02-1992', '14/02/1992'],
    ['ab14c0', '14/0'],
    ['14/', '14'],
  ])('%o becomes %o', (typed, masked) => {
    expect(maskDate(typed)).toBe(masked);
  });
});

describe('caretAfterDigits', () => {
  it('keeps the caret after the same digits once slashes are added or removed', () => {
    expect(caretAfterDigits('14/0', 3)).toBe(4);
    expect(caretAfterDigits('14/02/1992', 2)).toBe(2);
    expect(caretAfterDigits('14/02/1992', 4)).toBe(5);
    expect(caretAfterDigits('14/02/1992', 0)).toBe(0);
    expect(caretAfterDigits('14', 5)).toBe(2);
  });
});
