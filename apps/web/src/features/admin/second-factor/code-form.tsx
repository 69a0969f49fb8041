import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { CodeField } from './code-field';

/**
 * The second factor's form: one code sent by `send` (the set-up's first code, or the code asked
 * every 12 hours); what the server says of a wrong one, or that it could not be reached, under the
 * field.
 */
export function CodeForm({
  send,
  label,
  submitLabel,
}: {
  send: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>;
  label: string;
  submitLabel: string;
}) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    send.mutate(code, {
      onError: (failure) => {
        const body = apiError(failure)?.body;
        setError(body?.errors?.code?.[0] ?? body?.message ?? t('shell.serverUnreachable'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <CodeField value={code} onChange={setCode} error={error} label={label} />
      <SubmitButton pending={send.isPending}>{submitLabel}</SubmitButton>
    </form>
  );
}
