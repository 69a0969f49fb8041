import type { User } from '@marketplace/contracts';
import { useId } from 'react';
import { ResendVerificationButton } from '../../components/resend-verification-button';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';

/**
 * Told before the work, not at Publish: a seller whose address is not verified may prepare and save
 * a draft, but the server refuses to publish it (decision 026). With a new link at hand.
 */
export function VerifyToPublish({ user }: { user: Pick<User, 'email' | 'email_verified'> }) {
  const { t } = useI18n();
  const headingId = useId();
  if (user.email_verified) return null;
  return (
    <section className="alert alert-warning" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mb-1">
        {t('sell.verifyFirst.title')}
      </h3>
      <p className="mb-2">{richText(t, 'sell.verifyFirst.text', { email: <bdi dir="ltr">{user.email}</bdi> })}</p>
      <ResendVerificationButton className="btn btn-sm btn-outline-dark" label={t('sell.verifyFirst.resend')} />
    </section>
  );
}
