import {
  MODERATION_ROUTES,
  QUEUE_CHANGED_EVENT,
  type ModerationActionRequest,
  type ModerationQueue,
  type ModerationTarget,
  type ModerationTargetType,
} from '@marketplace/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from '../../../../lib/api-route';
import { listen } from '../../../../lib/realtime';
import { useCursorPages } from '../../api/cursor-pages';

export const moderationQueryKey = ['admin', 'moderation'] as const;
export const queueQueryKey = (type: ModerationTargetType | undefined) =>
  [...moderationQueryKey, 'queue', type ?? 'all'] as const;
export const targetQueryKey = (type: string, id: number) => [...moderationQueryKey, 'target', type, id] as const;

/** The queue, a page at a time (most reports first, then the oldest), all types or one. */
export function useModerationQueue(type: ModerationTargetType | undefined) {
  return useCursorPages(queueQueryKey(type), (cursor): Promise<ModerationQueue> =>
    callRoute(MODERATION_ROUTES.queue, { config: { params: { type, cursor } } }),
  );
}

/**
 * While the queue is open it follows the staff channel: any report made or acted on elsewhere asks
 * the queue again (the event says what changed, never the new state). A connection back after a loss
 * asks too, as events may have been missed.
 */
export function useLiveQueue(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [...moderationQueryKey, 'queue'] });
    return listen((channels) => channels.staff(), { [QUEUE_CHANGED_EVENT]: refresh, reconnected: refresh });
  }, [queryClient]);
}

/** One target's screen: what it is, its reports, its history, its owner's other reports, what can be done. */
export function useModerationTarget(type: string, id: number) {
  return useQuery({
    queryKey: targetQueryKey(type, id),
    queryFn: (): Promise<ModerationTarget> => callRoute(MODERATION_ROUTES.target, { params: { type, id } }),
  });
}

/** Acts on the target; the answer is its screen as the action left it, which replaces the one shown. */
export function useModerationAct(type: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionRequest): Promise<ModerationTarget> =>
      callRoute(MODERATION_ROUTES.act, { params: { type, id }, body }),
    onSuccess: (target) => {
      queryClient.setQueryData(targetQueryKey(type, id), target);
      void queryClient.invalidateQueries({ queryKey: [...moderationQueryKey, 'queue'] });
    },
  });
}
