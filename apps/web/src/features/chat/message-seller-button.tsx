import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { loginPathReturningTo } from '../../lib/login-redirect';
import { pageLinks } from '../../lib/paths';
import { notify } from '../../lib/toasts/notify';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { chatDraftState } from './chat-draft';

/** Chat's calls load when someone means to write, not with every product page (its first-visit bytes). */
const loadChat = () => import('./api/chat');
const preloadChat = () => void loadChat().catch(() => undefined);

/** What the button says: Message seller; on a rent's page (issue 32), Contact the owner and Request a viewing. */
export type MessagePurpose = 'message' | 'contact' | 'viewing';
const LABELS = {
  message: 'chat.messageSeller',
  contact: 'browse.contactOwner',
  viewing: 'browse.requestViewing',
} as const;

export interface MessageSellerButtonProps {
  listingId: number;
  sellerId: number;
  purpose?: MessagePurpose;
  /** Written in the composer for the buyer to read and send (a viewing request). */
  draft?: string | undefined;
  /** The button's look: a primary action or beside one. */
  primary?: boolean;
}

/**
 * "Message seller" on a product page: opens the buyer's conversation about the listing (the same
 * one on every click), its composer filled with `draft` if given. A visitor signs in first and comes
 * back here; the seller sees nothing.
 */
export function MessageSellerButton({
  listingId,
  sellerId,
  purpose = 'message',
  draft,
  primary = false,
}: MessageSellerButtonProps) {
  const { t, text } = useI18n();
  const label = t(LABELS[purpose]);
  const look = primary ? 'btn btn-primary' : 'btn btn-outline-primary';
  const { data: me } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  if (me === undefined || me?.id === sellerId) return null;
  if (me === null) {
    return (
      <Link className={look} to={loginPathReturningTo(`${location.pathname}${location.search}`)}>
        {label}
      </Link>
    );
  }
  const open = async () => {
    setBusy(true);
    try {
      const { startConversation } = await loadChat();
      const conversation = await startConversation(listingId);
      await navigate(
        pageLinks.conversation(conversation.id),
        draft ? { state: chatDraftState(conversation.id, draft) } : undefined,
      );
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
      className={look}
      disabled={busy}
      onClick={() => void open()}
      onPointerEnter={preloadChat}
      onFocus={preloadChat}
    >
      {label}
    </button>
  );
}
