import { AUDIT_ROUTES, type AuditFacets, type AuditPage, type AuditQuery } from '@marketplace/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api-route';
import { useCursorPages } from '../../api/cursor-pages';

export const auditQueryKey = ['admin', 'audit'] as const;

/** The log, a page at a time from the newest, filtered as `query` says (without a cursor). */
export function useAuditPages(query: Omit<AuditQuery, 'cursor'>) {
  return useCursorPages([...auditQueryKey, 'pages', query], (cursor): Promise<AuditPage> =>
    callRoute(AUDIT_ROUTES.list, { config: { params: { ...query, cursor } } }),
  );
}

/** The actions and target types the log holds: the filters' lists. */
export function useAuditFacets() {
  return useQuery({
    queryKey: [...auditQueryKey, 'facets'],
    queryFn: (): Promise<AuditFacets> => callRoute(AUDIT_ROUTES.facets),
    staleTime: 60_000,
  });
}
