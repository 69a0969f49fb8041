import { LOCALE_NAMES, type Locale } from '@marketplace/contracts/i18n';
import type { WelcomeVideo } from '@marketplace/contracts/welcome-video-essentials';
import { useEffect, useRef } from 'react';
import { useI18n } from '../lib/i18n/i18n-store';

const LANGUAGES: readonly Locale[] = ['en', 'ar'];

/**
 * The welcome video's player, loaded when the reader presses play: the browser's own controls (the
 * keyboard works them), WebM first and MP4 for the browsers without VP9, no sound to start, and the
 * captions in the reader's language shown by default; focus moves to it, so Space pauses it.
 */
export default function WelcomeVideoPlayer({ video }: { video: WelcomeVideo }) {
  const { t, locale } = useI18n();
  const element = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const player = element.current;
    if (!player) return;
    player.focus();
    // The press was the reader's: a refusal (a browser's policy) leaves the controls to them.
    player.play()?.catch(() => undefined);
  }, []);
  return (
    <video
      ref={element}
      // Focusable in every browser (Safari's video is not, by default), so focus can move to it.
      tabIndex={0}
      controls
      playsInline
      preload="auto"
      poster={video.poster}
      aria-label={t('welcomeVideo.heading')}
      // The captions' files are on this site or its media address; the track needs no cookies.
      crossOrigin="anonymous"
    >
      <source src={video.webm} type="video/webm" />
      <source src={video.mp4} type="video/mp4" />
      {LANGUAGES.map((language) => (
        <track
          key={language}
          kind="captions"
          src={video.captions[language]}
          srcLang={language}
          label={LOCALE_NAMES[language]}
          default={language === locale}
        />
      ))}
    </video>
  );
}
