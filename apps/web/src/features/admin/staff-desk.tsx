import type { StaffAction } from '@marketplace/contracts/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { LoadFailed, Loading } from '../../components/list-states';
import { NotFoundPage } from '../../components/not-found-page';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { notify } from '../../lib/toasts/notify';
import {
  needsSecondFactor,
  staffSessionQueryKey,
  StaffSessionContext,
  useStaffSession,
  type OwnRoleChanged,
} from './api/staff-session';
import { SecondFactorSetup } from './second-factor/second-factor-setup';
import { SecondFactorVerify } from './second-factor/second-factor-verify';
import { ROLE_LABELS, StaffNav } from './staff-nav';
import { staffPaths } from './staff-paths';
import './staff-desk.css';

/** A back-office route's handle: the action its screen needs. */
export interface StaffScreenHandle {
  staffAction: StaffAction;
}

/** The landings after a change of one's own role already followed (history keys): Back does not toast again. */
const followed = new Set<string>();

/** After a change of one's own role (OwnRoleChanged), on the landing: the session read again, and a toast. */
function useOwnRoleChanged() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { key } = location;
  const role = (location.state as Partial<OwnRoleChanged> | null)?.ownRoleChanged;
  useEffect(() => {
    if (!role || followed.has(key)) return;
    followed.add(key);
    void queryClient.refetchQueries({ queryKey: staffSessionQueryKey }).then(() => {
      notify.success(t('admin.staff.ownRoleChanged', { role: t(ROLE_LABELS[role]) }));
    });
  }, [key, role, queryClient, t]);
}

/**
 * /admin and everything under it: the member's second factor first (set up with a QR code on the
 * first visit, then a code every 12 hours), then the sections their role allows. A call refused
 * because the 12 hours ran out brings the code back, wherever it happened.
 */
export function StaffDesk() {
  const { t } = useI18n();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const matches = useMatches();

  useOwnRoleChanged();

  useEffect(() => {
    const refused = (error: unknown) => {
      if (needsSecondFactor(error)) void queryClient.invalidateQueries({ queryKey: staffSessionQueryKey });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refused(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refused(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);

  // The screen's action (entry.tsx): one the role does not allow is said so here, not asked of the
  // server (403): after a change of one's role, Back to a screen of the old one says it too.
  const screenAction = matches.map((match) => (match.handle as StaffScreenHandle | undefined)?.staffAction).at(-1);
  const allowed = !screenAction || (session.data?.actions.includes(screenAction) ?? false);

  if (session.isPending) return <Loading />;
  if (session.isError) {
    // Not staff (any more): the back-office does not exist for them.
    if (isHttpError(session.error, 404)) return <NotFoundPage />;
    return <LoadFailed message={t('admin.loadFailed')} onRetry={() => void session.refetch()} />;
  }
  if (session.data.second_factor === 'setup_required') return <SecondFactorSetup />;
  if (session.data.second_factor === 'required') return <SecondFactorVerify />;
  return (
    <StaffSessionContext.Provider value={session.data}>
      <div className="staff-desk">
        <StaffNav />
        <div className="staff-desk-screen">
          {allowed ? (
            <Outlet />
          ) : (
            <div className="alert alert-info" role="status">
              <p className="mb-2">{t('admin.notAllowed')}</p>
              <Link to={staffPaths.dashboard}>{t('admin.notAllowedLink')}</Link>
            </div>
          )}
        </div>
      </div>
    </StaffSessionContext.Provider>
  );
}
