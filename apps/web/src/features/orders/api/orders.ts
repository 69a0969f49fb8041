import type {
  ConversationsPage,
  NewOrderRequest,
  Order,
  OrderActionRequest,
  ReviewRequest,
} from '@marketplace/contracts';
import { CHAT_API } from '@marketplace/contracts/chat-essentials';
import { ORDERS_API, type OrderAction } from '@marketplace/contracts/orders-essentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http';
import { listen } from '../../../lib/realtime';

/* Typed, not parsed with zod: the server checks its answers (decision 014). */

export const ordersQueryKey = ['orders'] as const;
export const orderQueryKey = (id: number) => [...ordersQueryKey, id] as const;

/** A key for one intent (an order placed, an action taken): the same on a retry, so it applies once. */
export const newClientKey = (): string => crypto.randomUUID();

export async function getOrder(id: number): Promise<Order> {
  const response = await http.get(ORDERS_API.order(id));
  return (response.data as { data: Order }).data;
}

export const useOrder = (id: number) => useQuery({ queryKey: orderQueryKey(id), queryFn: () => getOrder(id) });

/** The id of the order's conversation (its buyer's about its listing), or null while it has none. */
export async function getOrderConversation(id: number): Promise<number | null> {
  const response = await http.get(`${CHAT_API.conversations}?${new URLSearchParams({ order: String(id) })}`);
  return (response.data as ConversationsPage).data[0]?.id ?? null;
}

/** The order page's link to its messages: asked once the order is shown. */
export const useOrderConversation = (id: number) =>
  useQuery({ queryKey: [...orderQueryKey(id), 'conversation'], queryFn: () => getOrderConversation(id) });

/** Buy or Make an offer: the order as the server made it (the same one again for a retried key). */
export async function placeOrder(input: NewOrderRequest): Promise<Order> {
  const response = await http.post(ORDERS_API.orders, input);
  return (response.data as { data: Order }).data;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, refetchType: 'none' });
    },
  });
}

export type OrderStep = { action: OrderAction; body: OrderActionRequest } | { action: 'review'; body: ReviewRequest };

/** One of the reader's actions on an order; the answer is the order as it is now. */
export async function takeStep(id: number, step: OrderStep): Promise<Order> {
  const url = step.action === 'review' ? ORDERS_API.review(id) : ORDERS_API.action(id, step.action);
  const response = await http.post(url, step.body);
  return (response.data as { data: Order }).data;
}

export function useOrderStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OrderStep) => takeStep(id, step),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(id), order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, refetchType: 'none' });
    },
  });
}

/**
 * While the order's page is open, the other side's steps arrive on the reader's private channel
 * (`order.updated`) and the page asks for the order again; after a lost connection, it asks anyway.
 */
export function useLiveOrder(userId: number | undefined, orderId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    return listen((channels) => channels.user(userId), {
      'order.updated': ({ order_id }) => {
        if (order_id === orderId) refresh();
      },
      reconnected: refresh,
    });
  }, [userId, orderId, queryClient]);
}
