import {
  ADMIN_TESTIMONIALS_ROUTES,
  type AdminTestimonial,
  type TestimonialEdit,
} from '@marketplace/contracts/testimonials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

const listKey = ['admin', 'testimonials'] as const;

/** The words for who a quote is from, each key written out so the catalogue's check finds it. */
export const ROLE_LABELS = {
  buyer: 'admin.testimonials.role.buyer',
  seller: 'admin.testimonials.role.seller',
} as const;

/** Every testimonial, both languages, published or not, in their order. */
export const useAdminTestimonials = () =>
  useQuery({
    queryKey: listKey,
    queryFn: async (): Promise<AdminTestimonial[]> => (await callRoute(ADMIN_TESTIMONIALS_ROUTES.list)).data,
  });

/** What a change means for others: the list again, and the home page's slider. */
function useSettle() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: ['testimonials'] });
  };
}

/** A new testimonial (id undefined) or an edit of one (its words, place, publishing). */
export function useSaveTestimonial(id: number | undefined) {
  const onSuccess = useSettle();
  return useMutation({
    mutationFn: async (body: TestimonialEdit) =>
      id === undefined
        ? (await callRoute(ADMIN_TESTIMONIALS_ROUTES.create, { body })).data
        : (await callRoute(ADMIN_TESTIMONIALS_ROUTES.edit, { params: { id }, body })).data,
    onSuccess,
  });
}

/** Moves one past its neighbour above or below; the answer is the whole list in its new order. */
export function useMoveTestimonial(id: number) {
  const queryClient = useQueryClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: async (direction: 'up' | 'down') =>
      (await callRoute(ADMIN_TESTIMONIALS_ROUTES.move, { params: { id }, body: { direction } })).data,
    onSuccess: (list) => {
      queryClient.setQueryData(listKey, list);
      settle();
    },
  });
}

/** Sets a photo (a data URL the server checks by its bytes) or, with null, removes it. */
export function useTestimonialPhoto(id: number) {
  const onSuccess = useSettle();
  return useMutation({
    mutationFn: async (image: string | null) =>
      image === null
        ? (await callRoute(ADMIN_TESTIMONIALS_ROUTES.removePhoto, { params: { id } })).data
        : (await callRoute(ADMIN_TESTIMONIALS_ROUTES.setPhoto, { params: { id }, body: { image } })).data,
    onSuccess,
  });
}

/** The edit body of a testimonial as it is, for a change of one thing (publishing). */
export const editBody = (testimonial: AdminTestimonial): TestimonialEdit => ({
  quote: testimonial.quote,
  quote_ar: testimonial.quote_ar,
  name: testimonial.name,
  name_ar: testimonial.name_ar,
  city: testimonial.city,
  city_ar: testimonial.city_ar,
  role: testimonial.role,
  position: testimonial.position,
  published: testimonial.published,
});
