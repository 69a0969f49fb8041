/**
 * What the welcome video's poster and player need without zod (decision 007): the API's address and
 * the files' addresses as the page gets them. The routes with their schemas are in
 * welcome-video-routes.ts (decision 041).
 */

export const WELCOME_VIDEO_API = { current: '/api/welcome-video' } as const;

/** The addresses of the welcome video's files now: staff's replacements, else the committed ones. */
export interface WelcomeVideo {
  webm: string;
  mp4: string;
  poster: string;
  captions: { en: string; ar: string };
}
