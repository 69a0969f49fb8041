import { useState } from 'react';
import { ConfirmPanel } from '../../components/confirm-panel';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useBlockedUsers, useChangeBlock } from '../../lib/api/blocks';

/**
 * On someone's page: "Block …" behind an "are you sure", or, once blocked, saying so with Unblock.
 * Nothing for visitors and on one's own page; nothing until the blocks are known, so the control
 * never offers the wrong one.
 */
export function BlockUserControl({ user }: { user: { id: number; name: string } }) {
  const { t } = useI18n();
  const { data: me } = useCurrentUser();
  const signedIn = Boolean(me) && me?.id !== user.id;
  const blocks = useBlockedUsers(signedIn);
  const change = useChangeBlock();
  const [confirming, setConfirming] = useState(false);
  if (!signedIn || !blocks.data) return null;
  const blocked = blocks.data.some((entry) => entry.user.id === user.id);

  if (blocked) {
    return (
      <div className="alert alert-secondary d-flex flex-wrap align-items-center gap-2 mt-3 mb-0" role="status">
        <span className="flex-grow-1">{t('block.isBlocked', { name: user.name })}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={change.isPending}
          onClick={() => change.mutate({ user, block: false })}
        >
          {t('block.unblock')}
        </button>
      </div>
    );
  }
  if (confirming) {
    return (
      <ConfirmPanel
        title={t('block.confirmTitle', { name: user.name })}
        text={t('block.confirmText')}
        confirmLabel={t('block.confirm')}
        cancelLabel={t('block.cancel')}
        busy={change.isPending}
        onConfirm={() => change.mutate({ user, block: true }, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return (
    <button type="button" className="btn btn-sm btn-link link-danger px-0 mt-2" onClick={() => setConfirming(true)}>
      {t('block.block', { name: user.name })}
    </button>
  );
}
