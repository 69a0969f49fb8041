// Written by scripts/make-welcome-video.mjs: the committed welcome video's files (decision 041).
export const DEFAULT_WELCOME_VIDEO = {
  webm: '/welcome-video/welcome-2953b0058a.webm',
  mp4: '/welcome-video/welcome-3bcfc2f385.mp4',
  poster: '/welcome-video/poster-bc5d1029c2.webp',
  captionsEn: '/welcome-video/captions-en-208cd26a7e.vtt',
  captionsAr: '/welcome-video/captions-ar-38b2c394ac.vtt',
} as const;

/** Bytes of each file, for the decision record's figures. */
export const DEFAULT_WELCOME_VIDEO_BYTES = {
  webm: 93678,
  mp4: 114310,
  poster: 5682,
  captionsEn: 553,
  captionsAr: 712,
} as const;
