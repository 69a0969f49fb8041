import { ListingPreview } from '../../features/catalogue/components/listing-details';
import { SellPage as SellingSellPage } from '../../features/selling/sell-page';

/** The listing wizard (features/selling) with the product page's view of a listing (features/catalogue) for its preview. */
export function SellPage() {
  return <SellingSellPage Preview={ListingPreview} />;
}
