import type { Order } from '@marketplace/contracts';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import { useCatalogueFormat } from '../../lib/format';

/**
 * The buyer is asked for a review as soon as they confirm receipt: when the order completes (and
 * the review opens) and that they will be reminded; once it has completed, until when they may
 * review, above the form. Nothing once they have reviewed, nor for the seller, whose form speaks
 * for itself.
 */
export function ReviewCall({ order }: { order: Order }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  if (order.role !== 'buyer') return null;
  const name = (
    <bdi dir="auto" data-user-content="">
      {order.seller.name}
    </bdi>
  );
  if (order.status === 'received' && order.deadline_at) {
    return (
      <p className="alert alert-info order-review-call">
        {richText(t, 'order.review.askAfterReceipt', { name, when: format.dateTime(order.deadline_at) })}
      </p>
    );
  }
  if (order.status === 'completed' && order.can_review && order.review_until) {
    return (
      <p className="alert alert-info order-review-call">
        {richText(t, 'order.review.askNow', { name, until: format.dateTime(order.review_until) })}
      </p>
    );
  }
  return null;
}
