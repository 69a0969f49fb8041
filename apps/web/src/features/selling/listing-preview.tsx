import type { Category, City, Listing, ListingPhoto, ListingValues } from '@marketplace/contracts';
import type { ComponentType } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';

/**
 * The product page's view of a listing (features/catalogue), which the review step shows as buyers
 * will see it: app/routes/sell-page.tsx passes it in, as features never import each other.
 */
export type ListingPreviewComponent = ComponentType<{
  listing: Listing;
  definitions: Category['attributes'];
}>;

/** The listing as the wizard holds it now, saved or not, in the shape the product page shows. */
export function previewOf(
  listing: Listing,
  values: ListingValues,
  {
    categories,
    cities,
    photos,
  }: { categories: readonly Category[]; cities: readonly City[]; photos: readonly ListingPhoto[] },
): Listing {
  const category = categories.find((candidate) => candidate.id === values.category_id);
  const city = cities.find((candidate) => candidate.id === values.city_id);
  const shown: Partial<ListingValues> = { ...values };
  delete shown.category_id;
  return {
    ...listing,
    ...shown,
    title: values.title ?? '',
    category: category
      ? { id: category.id, name: category.name, slug: category.slug, trade_kind: category.trade_kind }
      : null,
    city: city?.name ?? null,
    neighborhood: city?.neighborhoods.find((candidate) => candidate.id === values.neighborhood_id)?.name ?? null,
    photos: [...photos],
    cover: photos[0] ?? null,
  };
}

/** The review step's preview: the listing as buyers will see it, under a heading of its own. */
export function ReviewPreview({
  Preview,
  listing,
  definitions,
}: {
  Preview: ListingPreviewComponent;
  listing: Listing;
  definitions: Category['attributes'];
}) {
  const { t } = useI18n();
  return (
    <section className="sell-preview" aria-labelledby="sell-preview-heading">
      <h3 id="sell-preview-heading" className="h5">
        {t('sell.preview')}
      </h3>
      <p className="small text-body-secondary">{t('sell.previewNote')}</p>
      <Preview listing={listing} definitions={definitions} />
    </section>
  );
}
