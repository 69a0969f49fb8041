import { BlockUserControl } from '../../features/blocks/block-user-control';
import { SellerPage as CatalogueSellerPage } from '../../features/catalogue/seller-page';

/** The seller's page (features/catalogue) with what other features add to it: blocking the seller. */
export function SellerPage() {
  return <CatalogueSellerPage BlockUserControl={BlockUserControl} />;
}
