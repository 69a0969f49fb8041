import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';

/** Share: the device's own share sheet where there is one, else the link copied with a toast. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useI18n();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // The person closed the share sheet: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('browse.linkCopied'));
    } catch {
      notify.error(t('browse.copyFailed'));
    }
  };
  return (
    <button type="button" className="btn btn-outline-secondary" onClick={() => void share()}>
      {t('browse.share')}
    </button>
  );
}
