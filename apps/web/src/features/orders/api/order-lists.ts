import type { OrderHistoryResponse, OrderRole, OrderTotalsResponse, OpenOrders } from '@marketplace/contracts';
import { ORDERS_API } from '@marketplace/contracts/orders-essentials';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getEarly } from '../../../lib/early-requests';
import { http } from '../../../lib/http';
import { listen } from '../../../lib/realtime';

/*
 * My purchases, My sales and the orders history. Answers are typed, not parsed: the server checks
 * each answer against its schema (apps/server/src/modules/orders/routes.ts).
 */

/** Everything about orders in the cache: one `order.updated` asks all of it again. */
export const ordersQueryKey = ['orders'] as const;

/** GET /api/orders?role=…: the address pages.ts asks early for each page. */
export const openOrdersUrl = (role: OrderRole) => `${ORDERS_API.orders}?role=${role}`;

export const openOrdersQueryOptions = (role: OrderRole) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'open', role] as const,
    queryFn: async () => ((await getEarly(openOrdersUrl(role))).data as { data: OpenOrders }).data,
  });

export const useOpenOrders = (role: OrderRole) => useQuery(openOrdersQueryOptions(role));

/** GET /api/orders/history's address: both sides unless `role`, only matches of `q` if given. */
export function orderHistoryUrl(role: OrderRole | undefined, q: string, cursor?: string): string {
  const query = new URLSearchParams();
  if (role) query.set('role', role);
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${ORDERS_API.history}?${text}` : ORDERS_API.history;
}

export const orderHistoryQueryOptions = (role: OrderRole | undefined, q: string) =>
  infiniteQueryOptions({
    queryKey: [...ordersQueryKey, 'history', { role, q }] as const,
    queryFn: async ({ pageParam }) =>
      (await getEarly(orderHistoryUrl(role, q, pageParam))).data as OrderHistoryResponse,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useOrderHistory = (role: OrderRole | undefined, q: string) =>
  useInfiniteQuery(orderHistoryQueryOptions(role, q));

export const useOrderTotals = () =>
  useQuery({
    queryKey: [...ordersQueryKey, 'totals'] as const,
    queryFn: async () => (await http.get(ORDERS_API.totals)).data as OrderTotalsResponse,
  });

/**
 * While an orders page is open, each step of any of the user's orders (their private channel's
 * `order.updated`, whoever took it, or the clock) asks the lists on screen again; so does a
 * connection that was lost and is back, as events may have been missed.
 */
export function useLiveOrders(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    return listen((channels) => channels.user(userId), { 'order.updated': refresh, reconnected: refresh });
  }, [userId, queryClient]);
}
