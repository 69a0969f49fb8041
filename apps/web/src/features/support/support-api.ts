import {
  SUPPORT_API,
  type SupportReferences,
  type SupportTicket,
  type SupportTicketSummary,
} from '@marketplace/contracts/support-essentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../lib/http';
import { listen } from '../../lib/realtime';

/** Where a ticket lives: a user's own (by id), or a visitor's (by the signed link's token). */
export type TicketAccess = { id: number } | { token: string };

const ticketUrl = (access: TicketAccess) =>
  'token' in access ? SUPPORT_API.visitorTicket(access.token) : SUPPORT_API.ticket(access.id);
const repliesUrl = (access: TicketAccess) =>
  'token' in access ? SUPPORT_API.visitorReplies(access.token) : SUPPORT_API.replies(access.id);
const photosUrl = (access: TicketAccess) =>
  'token' in access ? SUPPORT_API.visitorPhotos(access.token) : SUPPORT_API.photos(access.id);

export const ticketQueryKey = (access: TicketAccess) => ['support', 'ticket', access] as const;
export const myTicketsQueryKey = ['support', 'mine'] as const;

/** A new form's signed timestamp: asked for when the form shows, never kept (each form its own). */
export function useFormToken() {
  return useQuery({
    queryKey: ['support', 'form'],
    queryFn: async () => ((await http.get(SUPPORT_API.form)).data as { data: { form_token: string } }).data.form_token,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useReferences(enabled: boolean) {
  return useQuery({
    queryKey: ['support', 'references'],
    queryFn: async () => ((await http.get(SUPPORT_API.references)).data as { data: SupportReferences }).data,
    enabled,
  });
}

export interface NewTicketInput {
  topic: string;
  message: string;
  email?: string;
  name?: string;
  order_id?: number | null;
  listing_id?: number | null;
  form_token: string;
  website: string;
}

/** 201 with the user's ticket; 202 for a visitor (the link goes to their inbox): null. */
export async function createTicket(input: NewTicketInput): Promise<SupportTicket | null> {
  const response = await http.post(SUPPORT_API.tickets, input);
  return response.status === 201 ? (response.data as { data: SupportTicket }).data : null;
}

export async function uploadTicketPhoto(access: TicketAccess, file: Blob): Promise<SupportTicket> {
  const response = await http.post(photosUrl(access), file, {
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  return (response.data as { data: SupportTicket }).data;
}

export function useMyTickets() {
  return useQuery({
    queryKey: myTicketsQueryKey,
    queryFn: async () => ((await http.get(SUPPORT_API.tickets)).data as { data: SupportTicketSummary[] }).data,
  });
}

export function useTicket(access: TicketAccess) {
  return useQuery({
    queryKey: ticketQueryKey(access),
    queryFn: async () => ((await http.get(ticketUrl(access))).data as { data: SupportTicket }).data,
    retry: false,
  });
}

export function useReply(access: TicketAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      ((await http.post(repliesUrl(access), { body })).data as { data: SupportTicket }).data,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketQueryKey(access), ticket);
      void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey });
    },
  });
}

/** While a user's ticket is open, the team's answers arrive on their private channel and the page asks again. */
export function useLiveTicket(userId: number | undefined, ticketId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined || ticketId === undefined) return undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ticketQueryKey({ id: ticketId }) });
    return listen((channels) => channels.user(userId), {
      'support.ticket-updated': ({ ticket_id }) => {
        if (ticket_id === ticketId) refresh();
      },
      reconnected: refresh,
    });
  }, [userId, ticketId, queryClient]);
}
