import { ListingPage as CatalogueListingPage } from '../../features/catalogue/listing-page';
import { MessageSellerButton } from '../../features/chat/message-seller-button';
import { OrderPanel } from '../../features/orders/order-panel';

/** The product page (features/catalogue) with what other features add to it: ordering, and messaging the seller. */
export function ListingPage() {
  return <CatalogueListingPage OrderPanel={OrderPanel} MessageSellerButton={MessageSellerButton} />;
}
