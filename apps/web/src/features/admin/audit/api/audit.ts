import { AUDIT_ROUTES, type AuditFacets, type AuditPage, type AuditQuery } from '@marketplace/contracts/staff';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api-route';

export const auditQueryKey = ['admin', 'audit'] as const;

/** The log, a page at a time from the newest, filtered as `query` says (without a cursor). */
export function useAuditPages(query: Omit<AuditQuery, 'cursor'>) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...auditQueryKey, 'pages', query],
      queryFn: ({ pageParam }): Promise<AuditPage> =>
        callRoute(AUDIT_ROUTES.list, { config: { params: { ...query, cursor: pageParam } } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
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
