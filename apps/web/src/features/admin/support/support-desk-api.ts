import {
  ADMIN_SUPPORT_ROUTES,
  SUPPORT_QUEUE_CHANGED_EVENT,
  type CannedAnswer,
  type CannedAnswerInput,
  type StaffSupportTicket,
  type SupportQueue,
} from '@marketplace/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from '../../../lib/api-route';
import { listen } from '../../../lib/realtime';
import { useCursorPages } from '../api/cursor-pages';

export const supportDeskQueryKey = ['admin', 'support'] as const;
export const supportQueueQueryKey = (state: string, assignee: string) =>
  [...supportDeskQueryKey, 'queue', state, assignee] as const;
export const supportTicketQueryKey = (id: number) => [...supportDeskQueryKey, 'ticket', id] as const;
export const cannedQueryKey = [...supportDeskQueryKey, 'canned'] as const;

/** The queue, a page at a time, newest first: a state's tickets (open ones by default), mine or nobody's. */
export function useSupportQueue(state: string, assignee: string) {
  return useCursorPages(supportQueueQueryKey(state, assignee), (cursor): Promise<SupportQueue> =>
    callRoute(ADMIN_SUPPORT_ROUTES.queue, {
      config: { params: { state, ...(assignee ? { assignee } : {}), cursor } },
    }),
  );
}

/** While the desk is open it follows the staff channel: a ticket arriving or changing anywhere asks again. */
export function useLiveSupport(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: supportDeskQueryKey });
    return listen((channels) => channels.staff(), { [SUPPORT_QUEUE_CHANGED_EVENT]: refresh, reconnected: refresh });
  }, [queryClient]);
}

export function useSupportTicket(id: number) {
  return useQuery({
    queryKey: supportTicketQueryKey(id),
    queryFn: async (): Promise<StaffSupportTicket> =>
      (await callRoute(ADMIN_SUPPORT_ROUTES.ticket, { params: { id } })).data,
  });
}

type Change =
  | { kind: 'reply'; body: string; internal: boolean }
  | { kind: 'state'; state: 'waiting_user' | 'waiting_staff' | 'resolved' }
  | { kind: 'assign'; assignee_id: number | null };

/** A reply, a note, a state or an assignment; the answer is the ticket as it left it. */
export function useSupportChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<StaffSupportTicket> => {
      const params = { id };
      if (change.kind === 'reply') {
        return (
          await callRoute(ADMIN_SUPPORT_ROUTES.reply, {
            params,
            body: { body: change.body, internal: change.internal },
          })
        ).data;
      }
      if (change.kind === 'state')
        return (await callRoute(ADMIN_SUPPORT_ROUTES.state, { params, body: { state: change.state } })).data;
      return (await callRoute(ADMIN_SUPPORT_ROUTES.assign, { params, body: { assignee_id: change.assignee_id } })).data;
    },
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportTicketQueryKey(id), ticket);
      void queryClient.invalidateQueries({ queryKey: [...supportDeskQueryKey, 'queue'] });
    },
  });
}

export function useCannedAnswers() {
  return useQuery({
    queryKey: cannedQueryKey,
    queryFn: async (): Promise<CannedAnswer[]> => (await callRoute(ADMIN_SUPPORT_ROUTES.canned)).data,
  });
}

export function useCannedChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { id?: number; input?: CannedAnswerInput; remove?: boolean }) => {
      if (change.remove && change.id !== undefined) {
        await callRoute(ADMIN_SUPPORT_ROUTES.deleteCanned, { params: { id: change.id } });
      } else if (change.id !== undefined && change.input) {
        await callRoute(ADMIN_SUPPORT_ROUTES.updateCanned, { params: { id: change.id }, body: change.input });
      } else if (change.input) {
        await callRoute(ADMIN_SUPPORT_ROUTES.createCanned, { body: change.input });
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cannedQueryKey }),
  });
}
