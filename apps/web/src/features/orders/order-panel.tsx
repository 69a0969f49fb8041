import type { Listing } from '@marketplace/contracts';
import { tradeRules } from '@marketplace/contracts/catalogue-essentials';
import type { OrderKind } from '@marketplace/contracts/orders-essentials';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { loginPathReturningTo } from '../../lib/login-redirect';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { paths } from '../../lib/paths';
import { withPageAreaMessages } from '../../lib/i18n/load-catalogue';

const loadForm = () => withPageAreaMessages(import('./order-form'));
/** The form's code (and the profile and cities it reads) loads when someone means to order, not with every product page. */
const OrderForm = lazy(() => loadForm().then((module) => ({ default: module.OrderForm })));
const preloadForm = () => void loadForm().catch(() => undefined);

/** Beside Buy and Make an offer: how to meet and pay safely (/safety). */
function SafetyLink() {
  const { t } = useI18n();
  return (
    <p className="small mt-2 mb-0">
      {/* A link alone on its line is a target of its own: at least 24 px tall (WCAG 2.5.8). */}
      <Link to={paths.safety} className="d-inline-block py-1">
        {t('safety.tipsLink')}
      </Link>
    </p>
  );
}

/**
 * Buy and, on a negotiable listing, Make an offer, on the product page of an active listing, as its
 * category's kind allows (issue 32): a sale by contact has no Buy, a rent neither. The form opens in
 * place; a visitor signs in first and comes back here. Its seller sees neither.
 */
export function OrderPanel({ listing }: { listing: Listing }) {
  const { t } = useI18n();
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const panelId = useId();
  const [kind, setKind] = useState<OrderKind | null>(null);
  const trade = tradeRules(listing.category?.trade_kind);
  const offers = trade.offer && listing.negotiable;
  if (listing.status !== 'active' || user === undefined || user?.id === listing.seller.id) return null;
  if (!trade.buy && !offers) return null;
  if (user === null) {
    return (
      <div className="order-panel">
        <Link className="btn btn-primary" to={loginPathReturningTo(pathname)}>
          {t(trade.buy ? 'order.signInToBuy' : 'order.signInToOffer')}
        </Link>
        <SafetyLink />
      </div>
    );
  }
  const choose = (chosen: OrderKind) => setKind((open) => (open === chosen ? null : chosen));
  return (
    <div className="order-panel">
      <div className="d-flex flex-wrap gap-2">
        {trade.buy && (
          <button
            type="button"
            className="btn btn-primary"
            aria-expanded={kind === 'buy'}
            aria-controls={panelId}
            onClick={() => choose('buy')}
            onPointerEnter={preloadForm}
            onFocus={preloadForm}
          >
            {t('order.buy')}
          </button>
        )}
        {offers && (
          <button
            type="button"
            className={trade.buy ? 'btn btn-outline-primary' : 'btn btn-primary'}
            aria-expanded={kind === 'offer'}
            aria-controls={panelId}
            onClick={() => choose('offer')}
            onPointerEnter={preloadForm}
            onFocus={preloadForm}
          >
            {t('order.makeOffer')}
          </button>
        )}
      </div>
      <SafetyLink />
      <div id={panelId} hidden={kind === null}>
        {kind && (
          <Suspense fallback={<p role="status">{t('shell.loading')}</p>}>
            <OrderForm key={kind} listing={listing} kind={kind} onCancel={() => setKind(null)} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
