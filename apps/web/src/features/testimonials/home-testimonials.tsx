import type { Testimonial } from '@marketplace/contracts/testimonials-essentials';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';
import { TestimonialSlides } from './testimonial-slides';
import { useTestimonials } from './testimonials-api';

/** The still slider: the first slide and the controls' room, until the turning one arrives. */
function StillSlider({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const { t } = useI18n();
  return (
    <div
      role="region"
      aria-roledescription={t('testimonials.carousel')}
      aria-label={t('testimonials.label')}
      className="testimonial-slider"
    >
      <div className="testimonial-slides">
        <TestimonialSlides testimonials={testimonials} current={0} />
      </div>
      {testimonials.length > 1 && (
        <div className="testimonial-controls" aria-hidden="true">
          <span className="testimonial-button" />
        </div>
      )}
    </div>
  );
}

// The turning slider's code comes when the section nears the screen (it sits below the listings), so
// a first visit that does not scroll there never downloads it; if it cannot come, the still one stays.
const TestimonialSlider = lazy(() =>
  import('./testimonial-slider').then(
    (module) => ({ default: module.TestimonialSlider }),
    () => ({ default: StillSlider }),
  ),
);

/**
 * The home page's "What buyers and sellers say": its words came with the page, so it paints with
 * it; while they are asked for (after a change of language, say) its place keeps its height.
 */
export function HomeTestimonials() {
  const { t } = useI18n();
  const headingId = useId();
  const testimonials = useTestimonials();
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const shown = !!testimonials.data?.length;

  useEffect(() => {
    const element = section.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      {
        rootMargin: '200px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, shown]);

  if (testimonials.isPending) return <div className="testimonials-placeholder mt-5" />;
  if (!testimonials.data?.length) return null;
  const still = <StillSlider testimonials={testimonials.data} />;
  return (
    <section ref={section} aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="h4 mb-3">
        {t('testimonials.heading')}
      </h2>
      {near ? (
        <Suspense fallback={still}>
          <TestimonialSlider testimonials={testimonials.data} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
