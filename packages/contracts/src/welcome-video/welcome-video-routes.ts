import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { PHOTO_UPLOAD } from '../media/photo-upload';
import { WELCOME_VIDEO_API } from './welcome-video-shapes';

/** The welcome video (issue 31, decision 041): its files' addresses, and staff's replacements of them. */

/** The files staff may replace, each on its own. */
export const WELCOME_VIDEO_PARTS = ['webm', 'mp4', 'poster', 'captions_en', 'captions_ar'] as const;
export type WelcomeVideoPart = (typeof WELCOME_VIDEO_PARTS)[number];

/** The largest file of each kind staff may upload (the committed video is ~0.2 MB). */
export const WELCOME_VIDEO_MAX_BYTES: Record<WelcomeVideoPart, number> = {
  webm: 8 * 1024 * 1024,
  mp4: 8 * 1024 * 1024,
  poster: PHOTO_UPLOAD.maxBytes,
  captions_en: 64 * 1024,
  captions_ar: 64 * 1024,
};

const welcomeVideoSchema = z.object({
  webm: z.string(),
  mp4: z.string(),
  poster: z.string(),
  captions: z.object({ en: z.string(), ar: z.string() }),
});

const adminWelcomeVideoSchema = z.object({
  files: welcomeVideoSchema,
  /** Which parts are staff's replacements (the rest are the committed defaults). */
  replaced: z.array(z.enum(WELCOME_VIDEO_PARTS)),
});
export type AdminWelcomeVideo = z.infer<typeof adminWelcomeVideoSchema>;

/** `/…/:part`: a part that is not one names nothing (404, route-params.ts). */
const partParams = z.object({ part: z.enum(WELCOME_VIDEO_PARTS) });

export const WELCOME_VIDEO_ROUTES = {
  current: defineRoute({
    method: 'GET',
    path: WELCOME_VIDEO_API.current,
    response: { 200: z.object({ data: welcomeVideoSchema }) },
  }),
} as const;

export const ADMIN_WELCOME_VIDEO_ROUTES = {
  read: defineRoute({
    method: 'GET',
    path: '/api/admin/welcome-video',
    response: { 200: z.object({ data: adminWelcomeVideoSchema }) },
  }),
  /**
   * The file as the request's raw body, recognised by its bytes (WebM's EBML header, MP4's ftyp
   * box, WebVTT's header, the poster through the photo pipeline): 422 on `file` otherwise.
   */
  replace: defineRoute({
    method: 'PUT',
    path: '/api/admin/welcome-video/:part',
    params: partParams,
    response: { 200: z.object({ data: adminWelcomeVideoSchema }) },
  }),
  /** Back to the committed file. */
  reset: defineRoute({
    method: 'DELETE',
    path: '/api/admin/welcome-video/:part',
    params: partParams,
    response: { 200: z.object({ data: adminWelcomeVideoSchema }) },
  }),
} as const;
