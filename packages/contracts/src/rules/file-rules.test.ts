import { describe, expect, it } from 'vitest';
import type { FileFacts } from './file-rules';
import { rules } from './validate';

const file = (name: string, facts: Partial<FileFacts> = {}): FileFacts => ({ name, type: '', size: 1, ...facts });

describe('ext', () => {
  it.each([
    { names: ['photo.png'], valid: true },
    { names: ['PHOTO.PNG'], valid: true },
    { names: ['photo.jpg.png'], valid: true },
    { names: ['صورة.jpg'], valid: true },
    { names: ['a.png', 'b.jpg'], valid: true },
    { names: ['photopng'], valid: false },
    { names: ['photo.png.exe'], valid: false },
    { names: ['photo.jpeg'], valid: false },
    { names: ['photo'], valid: false },
    { names: ['a.png', 'b.gif'], valid: false },
  ])('with png and jpg allowed, $names is valid: $valid', ({ names, valid }) => {
    const value = names.length === 1 ? file(names[0] ?? '') : names.map((name) => file(name));
    expect(rules.ext.validate(value, ['png', 'jpg'], {})).toBe(valid);
  });

  it('takes extensions written with their dot', () => {
    expect(rules.ext.validate(file('photo.png'), ['.png'], {})).toBe(true);
  });

  it('matches an extension with a dot in it literally', () => {
    expect(rules.ext.validate(file('backup.tar.gz'), ['tar.gz'], {})).toBe(true);
    expect(rules.ext.validate(file('backup.tarXgz'), ['tar.gz'], {})).toBe(false);
  });

  it.each([['photo.png'], [null], [{ name: 'photo.png' }]])('rejects %j, which is not a file', (value) => {
    expect(rules.ext.validate(value, ['png'], {})).toBe(false);
  });

  it('rejects every file when no extension is allowed', () => {
    expect(rules.ext.validate(file('photo.png'), [], {})).toBe(false);
  });
});

describe('image', () => {
  it.each([['a.jpg'], ['a.JPEG'], ['a.png'], ['a.gif'], ['a.bmp'], ['a.svg'], ['a.webp']])('accepts %s', (name) => {
    expect(rules.image.validate(file(name), true, {})).toBe(true);
  });

  it.each([['a.pdf'], ['png'], ['a.png.pdf'], ['a.tiff']])('rejects %s', (name) => {
    expect(rules.image.validate(file(name), true, {})).toBe(false);
  });

  it('checks every file of a list', () => {
    expect(rules.image.validate([file('a.png'), file('b.jpg')], true, {})).toBe(true);
    expect(rules.image.validate([file('a.png'), file('b.pdf')], true, {})).toBe(false);
  });
});

describe('mimes', () => {
  it.each([
    { type: 'image/png', valid: true },
    { type: 'image/svg+xml', valid: true },
    { type: 'IMAGE/JPEG', valid: true },
    { type: 'application/pdf', valid: false },
    { type: 'image/', valid: false },
    { type: 'ximage/png', valid: false },
    { type: '', valid: false },
  ])('with image/* allowed, $type is valid: $valid', ({ type, valid }) => {
    expect(rules.mimes.validate(file('a', { type }), ['image/*'], {})).toBe(valid);
  });

  it.each([
    { type: 'image/png', valid: true },
    { type: 'application/pdf', valid: true },
    { type: 'image/pngx', valid: false },
    { type: 'ximage/png', valid: false },
    { type: 'image/jpeg', valid: false },
  ])('with image/png and application/pdf allowed, $type is valid: $valid', ({ type, valid }) => {
    expect(rules.mimes.validate(file('a', { type }), ['image/png', 'application/pdf'], {})).toBe(valid);
  });

  it('rejects every file when no type is allowed', () => {
    expect(rules.mimes.validate(file('a', { type: '' }), [], {})).toBe(false);
  });
});

describe('size', () => {
  it.each([
    { bytes: 0, valid: true },
    { bytes: 100 * 1024, valid: true },
    { bytes: 100 * 1024 + 1, valid: false },
  ])('a file of $bytes bytes is within 100 KB: $valid', ({ bytes, valid }) => {
    expect(rules.size.validate(file('a.png', { size: bytes }), 100, {})).toBe(valid);
  });

  it('checks every file of a list', () => {
    const small = file('a.png', { size: 1024 });
    const large = file('b.png', { size: 2048 });
    expect(rules.size.validate([small, small], 1, {})).toBe(true);
    expect(rules.size.validate([small, large], 1, {})).toBe(false);
  });
});

describe('dimensions', () => {
  const avatar = { width: 80, height: 80 };

  it.each([
    { facts: { width: 80, height: 80 }, valid: true },
    { facts: { width: 80, height: 81 }, valid: false },
    { facts: { width: 160, height: 160 }, valid: false },
    { facts: {}, valid: false },
  ])('an image of $facts is 80 × 80: $valid', ({ facts, valid }) => {
    expect(rules.dimensions.validate(file('a.png', facts), avatar, {})).toBe(valid);
  });
});
