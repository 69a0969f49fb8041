import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { loginPathReturningTo } from '../../lib/login-redirect';
import { pageLinks } from '../../lib/paths';
import { notify } from '../../lib/toasts/notify';
import { useCurrentUser } from '../../lib/api/get-current-user';

/** Chat's calls load when someone means to write, not with every product page (its first-visit bytes). */
const loadChat = () => import('./api/chat');
const preloadChat = () => void loadChat().catch(() => undefined);

/**
 * "Message seller" on a product page: opens the buyer's conversation about the listing (the same
 * one on every click). A visitor signs in first and comes back here; the seller sees nothing.
 */
export function MessageSellerButton({ listingId, sellerId }: { listingId: number; sellerId: number }) {
  const { t, text } = useI18n();
  const { data: me } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  if (me === undefined || me?.id === sellerId) return null;
  if (me === null) {
    return (
      <Link className="btn btn-outline-primary" to={loginPathReturningTo(`${location.pathname}${location.search}`)}>
        {t('chat.messageSeller')}
      </Link>
    );
  }
  const open = async () => {
    setBusy(true);
    try {
      const { startConversation } = await loadChat();
      const conversation = await startConversation(listingId);
      await navigate(pageLinks.conversation(conversation.id));
    } catch (error) {
      const refused = apiError(error);
      notify.error(
        refused && refused.status < 500
          ? text(refused.body.errors?.listing_id?.[0] ?? refused.body.message)
          : t('chat.startFailed'),
      );
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline-primary"
      disabled={busy}
      onClick={() => void open()}
      onPointerEnter={preloadChat}
      onFocus={preloadChat}
    >
      {t('chat.messageSeller')}
    </button>
  );
}
