import { LOCALE_NAMES } from '@marketplace/contracts/i18n';
import { useState } from 'react';
import { useWelcomeVideo } from '../lib/api/welcome-video';
import { useI18n } from '../lib/i18n/i18n-store';
import './welcome-video.css';

/**
 * The welcome video (issue 31, decision 041): its poster in a 16:9 box, the whole box a play
 * button. Pressing it puts the <video> in the same box (so nothing moves): only then does the
 * browser fetch the video and its captions. The browser's own controls, which the keyboard works;
 * WebM first, MP4 for browsers without VP9; the reader's captions on by default; focus moves to it.
 */
/** Once the player is in the page: focus on it (Space then pauses), and play, the press being the reader's. */
const start = (player: HTMLVideoElement | null) => {
  player?.focus();
  // A refusal (a browser's policy) leaves the controls to the reader.
  player?.play().catch(() => undefined);
};

export function WelcomeVideo({ className = '' }: { className?: string }) {
  const { t, locale } = useI18n();
  const video = useWelcomeVideo().data;
  const [playing, setPlaying] = useState(false);
  const label = t('welcomeVideo.play');
  return (
    <div className={`welcome-video ${className}`}>
      {playing && video ? (
        <video
          ref={start}
          tabIndex={0}
          controls
          playsInline
          poster={video.poster}
          aria-label={label}
          crossOrigin="anonymous"
        >
          <source src={video.webm} type="video/webm" />
          <source src={video.mp4} type="video/mp4" />
          {(['en', 'ar'] as const).map((language) => (
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
      ) : (
        <button type="button" aria-label={label} disabled={!video} onClick={() => setPlaying(true)}>
          {video && <img src={video.poster} alt="" loading="lazy" />}
        </button>
      )}
    </div>
  );
}
