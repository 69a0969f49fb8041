import { CHAT_API } from '@marketplace/contracts/chat-essentials';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http';
import { listen } from '../../../lib/realtime';

/*
 * The header's unread-messages badge, on every page: typed, not parsed with zod (decision 007),
 * and apart from the rest of chat's calls so the header takes only this.
 */

/** Under ['user']: whatever ends the session drops them with the user. */
export const chatQueryKey = ['user', 'chat'] as const;
export const unreadMessagesQueryKey = [...chatQueryKey, 'unread'] as const;
export const conversationListsQueryKey = [...chatQueryKey, 'lists'] as const;

export async function getUnreadMessages(): Promise<number> {
  const response = await http.get(CHAT_API.unreadCount);
  return (response.data as { data: { unread_count: number } }).data.unread_count;
}

/** The badge's number; asks nothing for a visitor. */
export const useUnreadMessages = (signedIn: boolean) =>
  useQuery({ queryKey: unreadMessagesQueryKey, queryFn: getUnreadMessages, enabled: signedIn, staleTime: 60_000 });

/**
 * While someone is signed in, their private channel keeps the badge current (a new message, or
 * messages read in another tab) and the conversation lists on screen ask again; after a lost
 * connection is back, both are asked again.
 */
export function useLiveMessages(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    return listen((channels) => channels.user(userId), {
      'messages.unread': ({ unread_count }) => {
        queryClient.setQueryData(unreadMessagesQueryKey, unread_count);
        void queryClient.invalidateQueries({ queryKey: conversationListsQueryKey });
      },
      reconnected: () => void queryClient.invalidateQueries({ queryKey: chatQueryKey }),
    });
  }, [userId, queryClient]);
}
