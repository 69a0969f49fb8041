import { useId } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useTestimonials } from './testimonials-api';
import { TestimonialSlider } from './testimonial-slider';

/**
 * The home page's "What buyers and sellers say": its words came with the page, so it paints with
 * it; while they are asked for (after a change of language, say) its place keeps its height.
 */
export function HomeTestimonials() {
  const { t } = useI18n();
  const headingId = useId();
  const testimonials = useTestimonials();
  if (testimonials.isPending) return <div className="testimonials-placeholder mt-5" />;
  if (!testimonials.data?.length) return null;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="h4 mb-3">
        {t('testimonials.heading')}
      </h2>
      <TestimonialSlider testimonials={testimonials.data} />
    </section>
  );
}
