const reducedMotion = '(prefers-reduced-motion: reduce)';

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(reducedMotion).matches;

export interface ScrollToElementOptions {
  /** Where the element lands in the viewport; the middle keeps it clear of a sticky header. */
  block?: ScrollLogicalPosition;
  /** Move keyboard focus to it too, without a second, instant scroll. */
  focus?: boolean;
}

/**
 * Scrolls smoothly to an element (specification §2, "Global behaviour"), or instantly for people who asked their
 * system for less motion. Forms use it to bring the first invalid field into view.
 */
export function scrollToElement(element: Element | null | undefined, options: ScrollToElementOptions = {}): void {
  if (!element) return;
  const { block = 'center', focus = false } = options;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block });
  if (focus && element instanceof HTMLElement) element.focus({ preventScroll: true });
}
