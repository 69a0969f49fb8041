import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_API,
  deleteAccountRequestSchema,
  type DeleteAccountRequest,
  type OpenOrderRef,
} from '@marketplace/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { applyServerErrors } from '../../lib/form-errors';
import { isHttpError } from '../../lib/http';
import { loginPathReturningTo } from '../../lib/login-redirect';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toasts/notify';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useDeleteAccount } from './api/delete-account';
import './account.css';

/** An order's page (the orders pages are built beside this one; the address is the orders API's own). */
const orderPage = (id: number) => `/orders/${id}`;

const openOrdersOf = (error: unknown): OpenOrderRef[] => {
  if (!isHttpError(error, 409)) return [];
  const orders = (error.data as { open_orders?: unknown } | undefined)?.open_orders;
  return Array.isArray(orders) ? (orders as OpenOrderRef[]) : [];
};

/**
 * /account/delete (signed in; outside RequireAuth, see below): the user's data as a JSON file, and deleting the account with the password. A
 * refusal for open orders names them, each a link to its page; success signs out everywhere, says
 * where the confirmation went, and goes home.
 */
export function DeleteAccountPage() {
  const { t, text } = useI18n();
  const exportHeading = useId();
  const deleteHeading = useId();
  const navigate = useNavigate();
  const { data: user, isPending: checking, isError } = useCurrentUser();
  const { pathname, search } = useLocation();
  const remove = useDeleteAccount(async () => {
    await navigate(paths.home, { replace: true });
  });
  const [formError, setFormError] = useState<string>();
  const [openOrders, setOpenOrders] = useState<OpenOrderRef[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    setOpenOrders([]);
    const email = user?.email ?? '';
    try {
      await remove.mutateAsync(values);
      remove.forget();
      notify.success(t('account.deletedToast', { email }));
    } catch (error) {
      setOpenOrders(openOrdersOf(error));
      setFormError(applyServerErrors(error, setError, ['password']));
    }
  });

  // RequireAuth's rule, save while the deletion is under way or done: ending the sessions closes this
  // tab's live connection, whose reconnection finds nobody signed in before the answer is read.
  if (!user && !remove.isPending && !remove.isSuccess) {
    if (isError) throw new Error('Could not check whether you are signed in.');
    if (checking) return null;
    return <Navigate to={loginPathReturningTo(`${pathname}${search}`)} replace />;
  }

  return (
    <div className="account-page mx-auto">
      <h1 className="h3 mb-4">{t('account.deleteTitle')}</h1>
      <section aria-labelledby={exportHeading} className="mb-5">
        <h2 id={exportHeading} className="h5">
          {t('account.exportHeading')}
        </h2>
        <p className="text-body-secondary">{t('account.exportIntro')}</p>
        {/* A file to save, not a page: the browser downloads it (Content-Disposition: attachment). */}
        <a className="btn btn-outline-primary" href={ACCOUNT_API.export} download>
          {t('account.exportLink')}
        </a>
      </section>
      <section aria-labelledby={deleteHeading}>
        <h2 id={deleteHeading} className="h5">
          {t('account.deleteHeading')}
        </h2>
        <p className="text-body-secondary">{t('account.deleteIntro')}</p>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-labelledby={deleteHeading}
          className="account-form"
        >
          {formError && (
            <div className="alert alert-danger" role="alert">
              <p className={openOrders.length > 0 ? 'mb-2' : 'mb-0'}>{text(formError)}</p>
              {openOrders.length > 0 && (
                <>
                  <h3 className="h6">{t('account.openOrdersHeading')}</h3>
                  <ul className="mb-0">
                    {openOrders.map((order) => (
                      <li key={order.id}>
                        <Link to={orderPage(order.id)}>
                          {order.title
                            ? t('account.orderLink', { id: order.id, title: order.title })
                            : t('account.orderLinkUntitled', { id: order.id })}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
          <TextField
            label={t('field.password')}
            type="password"
            autoComplete="current-password"
            required
            registration={register('password')}
            error={errors.password}
          />
          <button type="submit" className="btn btn-danger" disabled={remove.isPending} aria-busy={remove.isPending}>
            {t('account.deleteConfirm')}
          </button>
        </form>
      </section>
    </div>
  );
}
