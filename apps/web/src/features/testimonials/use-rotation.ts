import { TESTIMONIAL_SLIDER } from '@marketplace/contracts/testimonials-essentials';
import { useEffect, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';

const tabHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * When the slider turns by itself (WAI-ARIA carousel pattern): every TESTIMONIAL_SLIDER.autoplayMs
 * unless the reader stopped it, prefers reduced motion (it starts stopped), points at it, has focus
 * in it, or the tab is hidden. Any turn starts the wait again, so a slide always gets its full time.
 */
export function useRotation(count: number, index: number, turn: () => void) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [stopped, setStopped] = useState<boolean>();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(tabHidden);

  useEffect(() => {
    const onChange = () => setHidden(tabHidden());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  // The reader's own choice wins; until they make one, reduced motion means stopped.
  const playing = !(stopped ?? reducedMotion);
  const rotating = playing && !hovered && !focused && !hidden && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(turn, TESTIMONIAL_SLIDER.autoplayMs);
    return () => clearTimeout(timer);
  }, [rotating, index, turn]);

  return {
    playing,
    rotating,
    togglePlaying: () => setStopped(playing),
    setHovered,
    setFocused,
    reducedMotion,
  };
}
