import type { Testimonial } from '@marketplace/contracts/testimonials-essentials';
import { act, fireEvent, render, screen } from '@testing-library/react';
import arabic from 'virtual:marketplace-messages/ar';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n/i18n-store';
import { TestimonialSlider } from './testimonial-slider';

const TESTIMONIALS: Testimonial[] = [
  { id: 1, quote: 'Sold my sofa in a day.', name: 'Maryam Al Suwaidi', city: 'Dubai', role: 'seller', photo: null },
  { id: 2, quote: 'The bike was as in the photos.', name: 'Khalid', city: 'Abu Dhabi', role: 'buyer', photo: null },
  { id: 3, quote: 'A desk by the afternoon.', name: 'Omar Farouk', city: 'Al Ain', role: 'buyer', photo: '/m.webp' },
];

let reducedMotion = false;
beforeEach(() => {
  reducedMotion = false;
  vi.useFakeTimers();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The slide a sighted reader sees: the one not hidden. */
const shown = () =>
  screen.getAllByRole('group', { hidden: true }).find((slide) => !slide.hasAttribute('aria-hidden'))?.textContent;
const slides = () => screen.getByRole('region', { name: /testimonials|آراء/i }).querySelector('[aria-live]');
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const swipe = (dx: number) => {
  const area = slides() as Element;
  fireEvent.pointerDown(area, { clientX: 200, clientY: 100 });
  fireEvent.pointerUp(area, { clientX: 200 + dx, clientY: 104 });
};

describe('the testimonial slider', () => {
  it('is a carousel of slides, each named by its place, the person’s role and city under the quote', () => {
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    const region = screen.getByRole('region', { name: 'Testimonials' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const first = screen.getByRole('group', { name: '1 of 3' });
    expect(first).toHaveAttribute('aria-roledescription', 'slide');
    // Initials stand in for a missing photo; the photo itself says nothing the name does not.
    expect(first).toHaveTextContent('Sold my sofa in a day.MSMaryam Al SuwaidiSeller in Dubai');
    expect(document.querySelector('[aria-label="3 of 3"] img')).toHaveAttribute('src', '/m.webp');
  });

  it('turns every 5 000 ms, not before, with the live region off while it does', () => {
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    expect(slides()).toHaveAttribute('aria-live', 'off');
    advance(4999);
    expect(shown()).toContain('Sold my sofa');
    advance(1);
    expect(shown()).toContain('The bike was');
    advance(5000);
    expect(shown()).toContain('A desk by');
    advance(5000);
    expect(shown()).toContain('Sold my sofa');
  });

  it('turns with a swipe of 40 px or more, and a shorter one does nothing', () => {
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    swipe(-39);
    expect(shown()).toContain('Sold my sofa');
    swipe(-41);
    expect(shown()).toContain('The bike was');
    swipe(41);
    expect(shown()).toContain('Sold my sofa');
    swipe(40);
    expect(shown()).toContain('A desk by');
  });

  it('right to left, a swipe rightwards brings the next and the arrows follow the reading direction', () => {
    activateLocale('ar', arabic);
    render(
      <div dir="rtl">
        <TestimonialSlider testimonials={TESTIMONIALS} />
      </div>,
    );
    swipe(41);
    expect(shown()).toContain('The bike was');
    swipe(-41);
    expect(shown()).toContain('Sold my sofa');
    fireEvent.click(screen.getByRole('button', { name: 'الرأي التالي' }));
    expect(shown()).toContain('The bike was');
    expect(document.querySelector('[aria-label="2 من 3"]')).not.toHaveAttribute('aria-hidden');
  });

  it('moves with its arrows and dots, and each move gives the slide its full time', () => {
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shown()).toContain('A desk by');
    advance(4999);
    expect(shown()).toContain('A desk by');
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 2' }));
    expect(shown()).toContain('The bike was');
    expect(screen.getByRole('button', { name: 'Show testimonial 2' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shown()).toContain('A desk by');
  });

  it('pauses while pointed at and while focus is inside, and goes on after', () => {
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    const region = screen.getByRole('region', { name: 'Testimonials' });
    fireEvent.mouseEnter(region);
    advance(12_000);
    expect(shown()).toContain('Sold my sofa');
    expect(slides()).toHaveAttribute('aria-live', 'polite');
    fireEvent.mouseLeave(region);
    advance(5000);
    expect(shown()).toContain('The bike was');

    act(() => screen.getByRole('button', { name: 'Next testimonial' }).focus());
    advance(12_000);
    expect(shown()).toContain('The bike was');
    act(() => screen.getByRole('button', { name: 'Next testimonial' }).blur());
    advance(5000);
    expect(shown()).toContain('A desk by');
  });

  it('pauses while the tab is hidden', () => {
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    advance(12_000);
    expect(shown()).toContain('Sold my sofa');
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    advance(5000);
    expect(shown()).toContain('The bike was');
  });

  it('stops and starts with its button, always shown', () => {
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop turning the testimonials' }));
    advance(12_000);
    expect(shown()).toContain('Sold my sofa');
    expect(slides()).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Start turning the testimonials' }));
    advance(5000);
    expect(shown()).toContain('The bike was');
  });

  it('does not turn by itself under reduced motion, until the reader starts it', () => {
    reducedMotion = true;
    render(<TestimonialSlider testimonials={TESTIMONIALS} />);
    advance(20_000);
    expect(shown()).toContain('Sold my sofa');
    fireEvent.click(screen.getByRole('button', { name: 'Start turning the testimonials' }));
    advance(5000);
    expect(shown()).toContain('The bike was');
  });
});
