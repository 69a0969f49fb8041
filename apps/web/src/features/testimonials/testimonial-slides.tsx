import type { Testimonial } from '@marketplace/contracts/testimonials-essentials';
import { useI18n } from '../../lib/i18n/i18n-store';
import './testimonials.css';

/** Up to two letters for a person without a photo: their first name's and their last's ("ال" skipped). */
const initials = (name: string) => {
  const words = name.trim().split(/\s+/);
  const first = (word: string | undefined) => Array.from(word?.replace(/^ال(?=.)/, '') ?? '')[0] ?? '';
  return `${first(words[0])}${words.length > 1 ? first(words.at(-1)) : ''}`.toUpperCase();
};

/**
 * Every testimonial as a slide, `current` the one shown: all in one grid cell (testimonials.css), so
 * the tallest sets the height whichever shows. The still slider and the turning one draw the same.
 */
export function TestimonialSlides({
  testimonials,
  current,
}: {
  testimonials: readonly Testimonial[];
  current: number;
}) {
  const { t } = useI18n();
  return testimonials.map((testimonial, at) => (
    <div
      key={testimonial.id}
      role="group"
      aria-roledescription={t('testimonials.slide')}
      aria-label={t('testimonials.position', { index: at + 1, count: testimonials.length })}
      aria-hidden={at === current ? undefined : true}
      className={`testimonial-slide${at === current ? ' is-current' : ''}`}
    >
      <figure className="mb-0">
        <blockquote className="testimonial-quote">
          <p className="mb-0">{testimonial.quote}</p>
        </blockquote>
        <figcaption className="testimonial-person">
          {testimonial.photo ? (
            <img className="testimonial-photo" src={testimonial.photo} alt="" width="48" height="48" />
          ) : (
            <span className="testimonial-photo testimonial-initials" aria-hidden="true">
              {initials(testimonial.name)}
            </span>
          )}
          <span>
            <strong className="d-block">{testimonial.name}</strong>
            <span className="text-body-secondary small">
              {t('testimonials.byline', { role: testimonial.role, city: testimonial.city })}
            </span>
          </span>
        </figcaption>
      </figure>
    </div>
  ));
}
