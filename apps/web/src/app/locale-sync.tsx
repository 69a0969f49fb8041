import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../lib/api/get-current-user';
import { onLocaleChange } from '../lib/i18n/i18n-store';
import { switchTo } from './language-switch';

/**
 * Keeps the page's language and its data together: after a switch every answer is fetched again in
 * the new language (city names, messages), keeping what is on screen meanwhile; and a signed-in
 * user's account language wins (a login, or a switch made on another device), without saving it again.
 */
export function LocaleSync() {
  const queryClient = useQueryClient();
  const accountLocale = useCurrentUser().data?.locale;

  useEffect(() => onLocaleChange(() => void queryClient.invalidateQueries()), [queryClient]);

  useEffect(() => {
    if (accountLocale) switchTo(accountLocale, { remember: false });
  }, [accountLocale]);

  return null;
}
