import type { ListingPhoto } from '@marketplace/contracts';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { CAROUSEL_SWIPE_THRESHOLD_PX } from '../../../lib/ui-constants';

/**
 * The product page's photos: one large (the `full` size) with previous and next arrows, which sit and
 * point the way the language reads, thumbnails below, the arrow keys, and a swipe on touch screens.
 */
export function ListingGallery({ photos, title }: { photos: readonly ListingPhoto[]; title: string }) {
  const { t, dir } = useI18n();
  const [chosen, setChosen] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = photos.length;
  const index = Math.min(chosen, Math.max(count - 1, 0));
  const photo = photos[index];
  if (!photo) {
    return (
      <div className="listing-gallery-stage listing-gallery-empty">
        <span>{t('browse.noPhoto')}</span>
      </div>
    );
  }
  const go = (step: number) => setChosen((count + index + step) % count);
  // In Arabic the next photo lies to the left: the arrow keys and swipes follow the reading direction.
  const forward = dir === 'rtl' ? -1 : 1;
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    go(event.key === 'ArrowRight' ? forward : -forward);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const moved = event.clientX - start;
    // Swiping towards the start edge (left in English) brings the next photo, as a page turns.
    if (Math.abs(moved) >= CAROUSEL_SWIPE_THRESHOLD_PX) go(moved < 0 ? forward : -forward);
  };
  const position = (number: number) => t('browse.photoOf', { number, total: count });
  return (
    <section className="listing-gallery" aria-label={t('browse.photos')} aria-roledescription="carousel">
      <div
        className="listing-gallery-stage"
        style={{ backgroundImage: `url("${photo.placeholder}")` }}
        tabIndex={count > 1 ? 0 : undefined}
        aria-label={count > 1 ? position(index + 1) : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <img
          key={photo.id}
          src={photo.full}
          width={photo.width}
          height={photo.height}
          alt={title}
          data-user-content=""
          fetchPriority={index === 0 ? 'high' : undefined}
          draggable={false}
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="listing-gallery-arrow listing-gallery-previous"
              aria-label={t('browse.previousPhoto')}
              onClick={() => go(-1)}
            >
              <span className="listing-gallery-chevron" aria-hidden="true" />
            </button>
            <button
              type="button"
              className="listing-gallery-arrow listing-gallery-next"
              aria-label={t('browse.nextPhoto')}
              onClick={() => go(1)}
            >
              <span className="listing-gallery-chevron" aria-hidden="true" />
            </button>
            <p className="listing-gallery-counter" aria-live="polite">
              {position(index + 1)}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="listing-gallery-thumbs">
          {photos.map((thumb, number) => (
            <li key={thumb.id}>
              <button
                type="button"
                className="listing-gallery-thumb"
                aria-label={position(number + 1)}
                aria-current={number === index ? 'true' : undefined}
                onClick={() => setChosen(number)}
              >
                <img src={thumb.thumb} width={thumb.width} height={thumb.height} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
