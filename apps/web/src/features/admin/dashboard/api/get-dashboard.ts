import { DASHBOARD_ROUTES } from '@marketplace/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api-route';

export const dashboardQueryKey = ['admin', 'dashboard'] as const;

/** The last 30 days' figures and their totals (GET /api/admin/dashboard); asked only when `enabled`. */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardQueryKey,
    enabled,
    queryFn: async () => (await callRoute(DASHBOARD_ROUTES.dashboard)).data,
    // Today's figures move; a minute old is fresh enough for a dashboard.
    staleTime: 60_000,
  });
}
