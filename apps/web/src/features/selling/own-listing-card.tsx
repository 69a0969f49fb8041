import { type ListingAction, type OwnListingCard } from '@marketplace/contracts';
import { pageLinks } from '@marketplace/contracts/pages';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChangeListingState, useDeleteListing, type ListingTransition } from './api/listing-changes';
import { useCatalogueFormat } from '../../lib/format';
import { ConfirmPanel } from '../../components/confirm-panel';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toasts/notify';

const DAY_MS = 24 * 3600 * 1000;

/** One of the seller's listings with exactly the actions the server allows it now. */
export function OwnListingCardView({ listing }: { listing: OwnListingCard }) {
  const { t, text } = useI18n();
  const format = useCatalogueFormat();
  const changeState = useChangeListingState();
  const remove = useDeleteListing();
  const [confirming, setConfirming] = useState(false);
  const title = listing.title || t('myListings.untitled');
  const busy = changeState.isPending || remove.isPending;

  const failed = (error: unknown) => {
    const failure = apiError(error);
    // A 422 on publish names fields the card does not show: the wizard shows each under its input.
    if (failure?.status === 422 && failure.body.errors) notify.error(t('myListings.incomplete'));
    else notify.error(text(failure?.body.message ?? t('shell.serverUnreachable')));
  };
  const act = (action: ListingTransition) =>
    changeState
      .mutateAsync({ id: listing.id, transition: action })
      .then(() => notify.success(t('myListings.done', { action })), failed);
  const onDelete = () =>
    remove.mutateAsync(listing.id).then(() => {
      setConfirming(false);
      notify.success(t('myListings.done', { action: 'delete' }));
    }, failed);

  // A draft opens the wizard where it stopped; any other state its page, as buyers see it (the seller
  // sees a paused, sold or expired one there with its state; a removed one says why).
  const href =
    listing.status === 'draft' ? pageLinks.editListing(listing.id) : pageLinks.listing(listing.id, listing.slug);

  const daysLeft =
    listing.status === 'active' && listing.expires_at
      ? Math.max(0, Math.ceil((new Date(listing.expires_at).getTime() - Date.now()) / DAY_MS))
      : undefined;

  const button = (action: ListingAction) => {
    const label = t('myListings.action', { action });
    if (action === 'edit') {
      return (
        <Link
          key={action}
          to={pageLinks.editListing(listing.id)}
          className="btn btn-sm btn-outline-primary"
          aria-label={t('myListings.actionOn', { action: label, title })}
        >
          {label}
        </Link>
      );
    }
    return (
      <button
        key={action}
        type="button"
        className={`btn btn-sm ${action === 'delete' ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
        disabled={busy}
        aria-label={t('myListings.actionOn', { action: label, title })}
        onClick={() => (action === 'delete' ? setConfirming(true) : void act(action))}
      >
        {label}
      </button>
    );
  };

  return (
    <li className="card mb-3" aria-labelledby={`listing-${listing.id}-title`}>
      <div className="card-body d-flex gap-3">
        {/* The photo repeats the title's link for the pointer: one stop for the keyboard and screen readers. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" className="d-block flex-shrink-0">
          {listing.cover ? (
            <img src={listing.cover.thumb} alt="" width={80} height={80} className="rounded listing-thumb" />
          ) : (
            <div className="rounded listing-thumb bg-body-tertiary" />
          )}
        </Link>
        <div className="flex-grow-1 min-w-0">
          <h3 id={`listing-${listing.id}-title`} className="h6 mb-1 text-break" dir="auto" data-user-content="">
            <Link to={href}>{title}</Link>
          </h3>
          <p className="mb-1">
            <span className="fw-semibold">
              {/* A draft without its price yet is not "Free" (a rent never is, issue 32). */}
              {listing.price_fils === null
                ? t('listing.noPriceYet')
                : format.price(listing.price_fils, listing.price_period)}
            </span>{' '}
            <span className="badge text-bg-secondary">{t('myListings.statusBadge', { status: listing.status })}</span>
          </p>
          <p className="small text-body-secondary mb-2">
            {[
              t('myListings.views', { count: listing.views }),
              listing.saves > 0 ? t('myListings.saves', { count: listing.saves }) : '',
              daysLeft !== undefined ? t('myListings.expiresIn', { days: daysLeft }) : '',
              t('myListings.updated', { age: format.age(listing.updated_at) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {listing.actions.map(button)}
            <Link to={`${paths.myListingsHistory}?listing=${listing.id}`} className="btn btn-sm btn-link">
              {t('myListings.history')}
            </Link>
          </div>
          {confirming && (
            <ConfirmPanel
              title={t('myListings.confirmDelete')}
              text={t('myListings.confirmDeleteText', { title })}
              confirmLabel={t('myListings.action', { action: 'delete' })}
              cancelLabel={t('myListings.cancel')}
              busy={remove.isPending}
              onConfirm={() => void onDelete()}
              onCancel={() => setConfirming(false)}
            />
          )}
        </div>
      </div>
    </li>
  );
}
