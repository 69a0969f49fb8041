import { LISTING_STATUS_NAMES, message, type Listing } from '@marketplace/contracts';
import { pageLinks } from '@marketplace/contracts/pages';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCategories } from '../../lib/api/categories';
import { useCreateDraft } from './api/listing-changes';
import { useListing } from '../../lib/api/get-listing';
import { useCities } from '../../lib/api/get-cities';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { notify } from '../../lib/toasts/notify';
import { CategoryStep } from './category-step';
import { ListingWizard } from './listing-wizard';
import type { ListingPreviewComponent } from './listing-preview';
import { VerifyToPublish } from './verify-to-publish';
import { hasUnsentChanges, resendUnsentChanges } from './use-listing-save';
import './selling.css';
import { LoadFailed, Loading } from '../../components/list-states';

/**
 * /sell and /items/:id/edit: the listing wizard, for a new listing or one of the seller's own. The
 * heading says Sell until the draft exists (a category picked), then Edit listing, as the tab does.
 * `Preview` is the product page's view of a listing, for the review step (app/routes/sell-page.tsx).
 */
export function SellPage({ Preview }: { Preview?: ListingPreviewComponent }) {
  const { id } = useParams();
  const { t } = useI18n();
  return (
    <div className="sell-page mx-auto">
      <h1 className="h3 mb-3">{t(id ? 'sell.editTitle' : 'sell.title')}</h1>
      {id ? <EditListing id={Number(id)} Preview={Preview} /> : <NewListing />}
    </div>
  );
}

/** Nothing is stored until the seller picks a category: then the draft exists and the wizard takes over. */
function NewListing() {
  const { t, text } = useI18n();
  const navigate = useNavigate();
  const categories = useCategories();
  const { data: user } = useCurrentUser();
  const create = useCreateDraft();
  if (categories.isError)
    return <LoadFailed message={t('sell.loadFailed')} onRetry={() => void categories.refetch()} />;
  if (!categories.data) return <Loading />;
  return (
    <section aria-labelledby="sell-step-heading">
      <h2 id="sell-step-heading" className="h4">
        {t('sell.step.category')}
      </h2>
      {user && <VerifyToPublish user={user} />}
      <CategoryStep
        categories={categories.data}
        value={null}
        busy={create.isPending}
        onPick={(categoryId) => {
          create.mutateAsync(categoryId).then(
            (draft) => navigate(`${pageLinks.editListing(draft.id)}?step=details`, { replace: true }),
            (error: unknown) => notify.error(text(apiError(error)?.body.message ?? t('shell.serverUnreachable'))),
          );
        }}
      />
    </section>
  );
}

/** The listing once what the tab's last page sent as it went away has surely arrived (use-listing-save.ts). */
function EditListing({ id, Preview }: { id: number; Preview: ListingPreviewComponent | undefined }) {
  const [resent, setResent] = useState(() => !hasUnsentChanges(id));
  useEffect(() => {
    if (resent) return;
    void resendUnsentChanges(id).finally(() => setResent(true));
  }, [id, resent]);
  return resent ? <EditLoadedListing id={id} Preview={Preview} /> : <Loading />;
}

function EditLoadedListing({ id, Preview }: { id: number; Preview: ListingPreviewComponent | undefined }) {
  const { t, text } = useI18n();
  const listing = useListing(id);
  const categories = useCategories();
  const cities = useCities();
  const user = useCurrentUser();
  const queries = [listing, categories, cities, user];
  if (queries.some((query) => query.isError)) {
    const failure = apiError(listing.error);
    if (failure?.status === 404) return <p className="alert alert-warning">{text(failure.body.message)}</p>;
    return (
      <LoadFailed message={t('sell.loadFailed')} onRetry={() => queries.forEach((query) => void query.refetch())} />
    );
  }
  if (!listing.data || !categories.data || !cities.data || !user.data) return <Loading />;
  if (!listing.data.actions.includes('edit')) return <NotEditable listing={listing.data} />;
  return (
    <ListingWizard
      key={listing.data.id}
      listing={listing.data}
      categories={categories.data}
      cities={cities.data}
      user={user.data}
      Preview={Preview}
    />
  );
}

function NotEditable({ listing }: { listing: Listing }) {
  const { t } = useI18n();
  return (
    <p className="alert alert-info">
      {t('listing.notEditable', { status: message(LISTING_STATUS_NAMES[listing.status]) })}
    </p>
  );
}
