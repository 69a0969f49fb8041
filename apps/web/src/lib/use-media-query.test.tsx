import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsMobile } from './use-media-query';

function Layout() {
  return <p>{useIsMobile() ? 'mobile layout' : 'wide layout'}</p>;
}

/** A window whose width can change, as matchMedia reports it. */
function resizableWindow(width: number) {
  let current = width;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      const limit = /width < (\d+)px/.exec(query)?.[1];
      return limit !== undefined && current < Number(limit);
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: number) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
}

describe('useIsMobile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is true below 600px and follows the window as it is resized', () => {
    const resize = resizableWindow(375);
    render(<Layout />);
    expect(screen.getByText('mobile layout')).toBeInTheDocument();
    act(() => resize(600));
    expect(screen.getByText('wide layout')).toBeInTheDocument();
    act(() => resize(599));
    expect(screen.getByText('mobile layout')).toBeInTheDocument();
  });

  it('assumes a wide screen where media queries are not available', () => {
    render(<Layout />);
    expect(screen.getByText('wide layout')).toBeInTheDocument();
  });
});
