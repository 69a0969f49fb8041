import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadFailed, Loading } from '../../components/list-states';
import { NotFoundPage } from '../../components/not-found-page';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { needsSecondFactor, staffSessionQueryKey, StaffSessionContext, useStaffSession } from './api/staff-session';
import { SecondFactorSetup } from './second-factor/second-factor-setup';
import { SecondFactorVerify } from './second-factor/second-factor-verify';
import { StaffNav } from './staff-nav';
import './staff-desk.css';

/**
 * /admin and everything under it: the member's second factor first (set up with a QR code on the
 * first visit, then a code every 12 hours), then the sections their role allows. A call refused
 * because the 12 hours ran out brings the code back, wherever it happened.
 */
export function StaffDesk() {
  const { t } = useI18n();
  const session = useStaffSession();
  const queryClient = useQueryClient();

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
          <Outlet />
        </div>
      </div>
    </StaffSessionContext.Provider>
  );
}
