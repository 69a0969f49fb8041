import { TESTIMONIALS_API, type Testimonial } from '@marketplace/contracts/testimonials-essentials';
import { useQuery } from '@tanstack/react-query';
import { getEarly } from '../../lib/early-requests';

/**
 * The published testimonials in the reader's language: on a first visit the home page came with
 * them (its first data); a change of language asks again. Not parsed again (catalogue/api/listings.ts says why).
 */
export const useTestimonials = () =>
  useQuery({
    queryKey: ['testimonials'],
    queryFn: async () => ((await getEarly(TESTIMONIALS_API.list)).data as { data: Testimonial[] }).data,
    staleTime: 5 * 60_000,
  });
