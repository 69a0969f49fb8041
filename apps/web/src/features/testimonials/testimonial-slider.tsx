import { TESTIMONIAL_SLIDER, type Testimonial } from '@marketplace/contracts/testimonials-essentials';
import { useCallback, useId, useRef, useState, type PointerEvent } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useRotation } from './use-rotation';
import { TestimonialSlides } from './testimonial-slides';

function Chevron({ forward }: { forward: boolean }) {
  // Drawn pointing right for "forward" in English; the stylesheet mirrors it right to left.
  return (
    <svg className="testimonial-chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d={forward ? 'M6 3l5 5-5 5' : 'M10 3L5 8l5 5'} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The home page's testimonials (issue 31), a WAI-ARIA carousel: it turns every 5 000 ms (unless
 * stopped, hovered, focused, hidden or under reduced motion), a swipe of 40 px or more turns it
 * (towards the reading direction's end: next), arrows and dots move it, and a button stops and
 * starts it. Every slide is laid in the same grid cell, so the tallest sets its height and turning
 * moves nothing around it.
 */
export function TestimonialSlider({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const { t, dir } = useI18n();
  const id = useId();
  const count = testimonials.length;
  const [index, setIndex] = useState(0);
  const current = Math.min(index, count - 1);
  const go = useCallback((step: number) => setIndex((at) => (Math.min(at, count - 1) + step + count) % count), [count]);
  const next = useCallback(() => go(1), [go]);
  const rotation = useRotation(count, current, next);
  const swipe = useRef<{ x: number; y: number }>(undefined);

  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = undefined;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < TESTIMONIAL_SLIDER.swipePx || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    // Swiping towards the line's start brings the next: leftwards in English, rightwards in Arabic.
    go(dx < 0 === (dir === 'ltr') ? 1 : -1);
  };

  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-roledescription={t('testimonials.carousel')}
      aria-label={t('testimonials.label')}
      className={`testimonial-slider${rotation.reducedMotion ? '' : ' testimonial-slider-animated'}`}
      onMouseEnter={() => rotation.setHovered(true)}
      onMouseLeave={() => rotation.setHovered(false)}
      onFocus={() => rotation.setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) rotation.setFocused(false);
      }}
    >
      <div
        id={`${id}-slides`}
        className="testimonial-slides"
        aria-live={rotation.rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = undefined)}
      >
        <TestimonialSlides testimonials={testimonials} current={current} />
      </div>
      {count > 1 && (
        <div className="testimonial-controls">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm testimonial-button"
            aria-label={t(rotation.playing ? 'testimonials.stop' : 'testimonials.start')}
            onClick={rotation.togglePlaying}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              {rotation.playing ? (
                <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
              ) : (
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              )}
            </svg>
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm testimonial-button"
            aria-controls={`${id}-slides`}
            aria-label={t('testimonials.previous')}
            onClick={() => go(-1)}
          >
            <Chevron forward={false} />
          </button>
          <div className="testimonial-dots">
            {testimonials.map((testimonial, at) => (
              <button
                key={testimonial.id}
                type="button"
                className="testimonial-dot"
                aria-controls={`${id}-slides`}
                aria-label={t('testimonials.goTo', { index: at + 1 })}
                aria-current={at === current ? 'true' : undefined}
                onClick={() => setIndex(at)}
              />
            ))}
          </div>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm testimonial-button"
            aria-controls={`${id}-slides`}
            aria-label={t('testimonials.next')}
            onClick={next}
          >
            <Chevron forward />
          </button>
        </div>
      )}
    </div>
  );
}
