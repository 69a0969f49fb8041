import { useEffect, useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../lib/i18n/i18n-store';
import { loginPathReturningTo } from '../lib/login-redirect';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useFavouriteIds, useToggleFavourite } from '../lib/api/favourite-ids';
import { rememberFavourite, takeRememberedFavourite } from '../lib/pending-favourite';

export interface FavouriteHeartProps {
  listingId: number;
  /**
   * The element showing the listing's title: the button is named "Save" and that title, by
   * reference, so the title stays marked as what the seller wrote.
   */
  titleId: string;
  /** The seller's own listing shows no heart: they cannot save it. */
  sellerId?: number;
  className?: string;
  /** Shows "Save" beside the heart (the product page); cards show the heart alone. */
  withText?: boolean;
}

/**
 * Save (favorite-products): one click saves or unsaves at once. A visitor is sent to log in and
 * comes back with the listing saved. Kept tiny: it is on every card of every public page.
 */
export function FavouriteHeart({
  listingId,
  titleId,
  sellerId,
  className = '',
  withText = false,
}: FavouriteHeartProps) {
  const { t } = useI18n();
  const textId = useId();
  const { data: user } = useCurrentUser();
  const { data: ids } = useFavouriteIds(Boolean(user));
  const toggle = useToggleFavourite();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const saved = ids?.includes(listingId) ?? false;
  const { mutate } = toggle;

  useEffect(() => {
    if (user && ids && takeRememberedFavourite(listingId) && !ids.includes(listingId)) {
      mutate({ listingId, save: true });
    }
  }, [user, ids, listingId, mutate]);

  if (user && sellerId === user.id) return null;
  const onClick = () => {
    if (!user) {
      rememberFavourite(listingId);
      void navigate(loginPathReturningTo(`${pathname}${search}${hash}`));
      return;
    }
    mutate({ listingId, save: !saved });
  };
  return (
    <button
      type="button"
      className={`favourite-heart ${className}`}
      aria-pressed={saved}
      aria-labelledby={`${textId} ${titleId}`}
      title={t(saved ? 'favourites.saved' : 'favourites.save')}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.2 0 3.8 1.3 5.4 3.2 1.6-1.9 3.2-3.2 5.4-3.2 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
      <span id={textId} className={withText ? undefined : 'visually-hidden'}>
        {t('favourites.save')}
      </span>
    </button>
  );
}
