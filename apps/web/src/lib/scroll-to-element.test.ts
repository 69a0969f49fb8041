import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToElement } from './scroll-to-element';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduced-motion') }));
}

function field() {
  const input = document.createElement('input');
  document.body.append(input);
  const scrollIntoView = vi.fn();
  input.scrollIntoView = scrollIntoView;
  return { input, scrollIntoView };
}

describe('scrollToElement', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('scrolls smoothly and centres the element', () => {
    prefersReducedMotion(false);
    const { input, scrollIntoView } = field();
    scrollToElement(input);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
  });

  it('jumps without animation for people who asked for less motion', () => {
    prefersReducedMotion(true);
    const { input, scrollIntoView } = field();
    scrollToElement(input, { block: 'start' });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('can move keyboard focus to the element', () => {
    prefersReducedMotion(false);
    const { input } = field();
    scrollToElement(input, { focus: true });
    expect(input).toHaveFocus();
  });

  it('does nothing when there is no element', () => {
    expect(() => scrollToElement(null)).not.toThrow();
  });
});
