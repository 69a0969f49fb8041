import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { idParamsSchema } from '../http/route-params';
import { encodeMessage, issueMessage, message } from '../i18n/message';
import { AVATAR_MAX_BYTES } from '../profile';
import { boundedWholeNumber } from '../rules/number-fields';
import { ruledText } from '../rules/zod-fields';
import { TESTIMONIAL_LIMITS, TESTIMONIAL_ROLES, TESTIMONIALS_API } from './testimonial-shapes';

/** The home page's testimonials (issue 31, decision 036): the public list, and the back-office's editor. */

const invalid = () => encodeMessage(message('laravel.invalidValue'));

const testimonialSchema = z.object({
  id: z.number(),
  quote: z.string(),
  name: z.string(),
  city: z.string(),
  role: z.enum(TESTIMONIAL_ROLES),
  photo: z.nullable(z.string()),
});

export const TESTIMONIALS_ROUTES = {
  /** Published ones only, in their order, in the reader's language. */
  list: defineRoute({
    method: 'GET',
    path: TESTIMONIALS_API.list,
    response: { 200: z.object({ data: z.array(testimonialSchema) }) },
  }),
} as const;

const text = (label: Parameters<typeof ruledText>[0]['label'], max: number) =>
  ruledText({ label, rules: { required: true, max } });

export const testimonialEditSchema = z.object(
  {
    quote: text('admin.testimonials.field.quoteEn', TESTIMONIAL_LIMITS.quoteMax),
    quote_ar: text('admin.testimonials.field.quoteAr', TESTIMONIAL_LIMITS.quoteMax),
    name: text('admin.testimonials.field.nameEn', TESTIMONIAL_LIMITS.nameMax),
    name_ar: text('admin.testimonials.field.nameAr', TESTIMONIAL_LIMITS.nameMax),
    city: text('admin.testimonials.field.cityEn', TESTIMONIAL_LIMITS.cityMax),
    city_ar: text('admin.testimonials.field.cityAr', TESTIMONIAL_LIMITS.cityMax),
    role: z.enum(TESTIMONIAL_ROLES, {
      error: () => issueMessage('laravel.in', { attribute: message('admin.testimonials.field.role') }),
    }),
    position: boundedWholeNumber('admin.field.position', { min: 1, max: TESTIMONIAL_LIMITS.positionMax }),
    published: z.boolean({ error: invalid }),
  },
  { error: invalid },
);
export type TestimonialEdit = z.input<typeof testimonialEditSchema>;

const notAnImage = () => issueMessage('rule.image', { field: message('field.image') });

/** A data URL of the photo; the server checks its bytes (as an avatar's, modules/media/avatar-image.ts). */
export const testimonialPhotoSchema = z.object(
  {
    image: z
      .string({ error: notAnImage })
      .check(
        z.startsWith('data:', notAnImage()),
        z.maxLength(
          Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 256,
          issueMessage('rule.size', { field: message('field.image'), size: AVATAR_MAX_BYTES / 1024 }),
        ),
      ),
  },
  { error: invalid },
);

/** Move up (towards the first) or down, past its neighbour in the order. */
export const testimonialMoveSchema = z.object(
  { direction: z.enum(['up', 'down'], { error: invalid }) },
  { error: invalid },
);

const adminTestimonialSchema = z.object({
  id: z.number(),
  quote: z.string(),
  quote_ar: z.string(),
  name: z.string(),
  name_ar: z.string(),
  city: z.string(),
  city_ar: z.string(),
  role: z.enum(TESTIMONIAL_ROLES),
  photo: z.nullable(z.string()),
  position: z.number(),
  published: z.boolean(),
  updated_at: z.number(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

const one = z.object({ data: adminTestimonialSchema });

export const ADMIN_TESTIMONIALS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/testimonials',
    response: { 200: z.object({ data: z.array(adminTestimonialSchema) }) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/testimonials',
    body: testimonialEditSchema,
    response: { 201: one },
  }),
  /** Words, role, place and publishing; the home page shows the change at once. */
  edit: defineRoute({
    method: 'PUT',
    path: '/api/admin/testimonials/:id',
    params: idParamsSchema,
    body: testimonialEditSchema,
    response: { 200: one },
  }),
  /** 422 on `image` for anything but a readable PNG, JPEG, WebP or GIF within the size. */
  setPhoto: defineRoute({
    method: 'PUT',
    path: '/api/admin/testimonials/:id/photo',
    params: idParamsSchema,
    body: testimonialPhotoSchema,
    response: { 200: one },
  }),
  /** Swaps it with its neighbour above or below; 409 when it is already first or last. */
  move: defineRoute({
    method: 'POST',
    path: '/api/admin/testimonials/:id/move',
    params: idParamsSchema,
    body: testimonialMoveSchema,
    response: { 200: z.object({ data: z.array(adminTestimonialSchema) }) },
  }),
  removePhoto: defineRoute({
    method: 'DELETE',
    path: '/api/admin/testimonials/:id/photo',
    params: idParamsSchema,
    response: { 200: one },
  }),
} as const;
