/**
 * What the home page's testimonial slider needs without zod (decision 007): the API's address, a
 * testimonial as the reader sees it, the limits staff write within and the slider's timing (SPEC).
 * The routes with their schemas are in testimonial-routes.ts (decision 036).
 */

export const TESTIMONIAL_ROLES = ['buyer', 'seller'] as const;
export type TestimonialRole = (typeof TESTIMONIAL_ROLES)[number];

export const TESTIMONIAL_LIMITS = {
  quoteMax: 400,
  nameMax: 60,
  cityMax: 60,
  positionMax: 1000,
} as const;

/** SPEC `testimonial-slider`: it turns by itself every 5 000 ms, and a swipe of 40 px turns it. */
export const TESTIMONIAL_SLIDER = { autoplayMs: 5000, swipePx: 40 } as const;

export const TESTIMONIALS_API = { list: '/api/testimonials' } as const;

/** A published testimonial in the reader's language. */
export interface Testimonial {
  id: number;
  quote: string;
  name: string;
  city: string;
  role: TestimonialRole;
  /** Its photo's address (an avatar-sized WebP), or null: the slider shows the initials. */
  photo: string | null;
}
