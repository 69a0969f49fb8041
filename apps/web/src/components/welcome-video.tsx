import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../lib/i18n/i18n-store';
import { useWelcomeVideo } from '../lib/api/welcome-video';
import './welcome-video.css';

// The <video> and its files come only when the reader presses play: not part of a first visit.
const Player = lazy(() => import('./welcome-video-player'));

/**
 * The welcome video (issue 31, decision 041): its poster in a 16:9 box with a play button; pressing
 * it puts the player, with its native controls and the reader's captions on, in the same box.
 */
export function WelcomeVideo({ className = '' }: { className?: string }) {
  const { t } = useI18n();
  const video = useWelcomeVideo().data;
  const [playing, setPlaying] = useState(false);
  const poster = video && <img src={video.poster} alt="" loading="lazy" decoding="async" />;
  return (
    <div className={`welcome-video ${className}`}>
      {video && playing ? (
        <Suspense fallback={poster}>
          <Player video={video} />
        </Suspense>
      ) : (
        <button type="button" className="welcome-video-play" disabled={!video} onClick={() => setPlaying(true)}>
          {poster}
          <span className="welcome-video-icon" />
          <span className="visually-hidden">{t('welcomeVideo.play')}</span>
        </button>
      )}
    </div>
  );
}
