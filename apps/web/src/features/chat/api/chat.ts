import type {
  ChatMessage,
  Conversation,
  ConversationFilter,
  ConversationsPage,
  MessagesPage,
} from '@marketplace/contracts';
import { CHAT_API } from '@marketplace/contracts/chat-essentials';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatQueryKey, conversationListsQueryKey } from './unread-messages';

export { chatQueryKey, conversationListsQueryKey, unreadMessagesQueryKey } from './unread-messages';
export const conversationQueryKey = (id: number) => [...chatQueryKey, 'conversation', id] as const;

/*
 * Chat's answers are typed, not parsed with zod: the server checks each against its schema before
 * sending it, and the header's badge is on every page, which must not bring zod (decision 007).
 */

export const conversationsQuery = (filter: ConversationFilter | undefined) =>
  infiniteQueryOptions({
    queryKey: [...conversationListsQueryKey, filter ?? 'all'],
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams();
      if (filter) query.set('filter', filter);
      if (pageParam) query.set('cursor', pageParam);
      const text = query.toString();
      const response = await http.get(text ? `${CHAT_API.conversations}?${text}` : CHAT_API.conversations);
      return response.data as ConversationsPage;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useConversations = (filter: ConversationFilter | undefined) =>
  useInfiniteQuery(conversationsQuery(filter));

export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: conversationQueryKey(id),
    queryFn: async () => ((await http.get(CHAT_API.conversation(id))).data as { data: Conversation }).data,
  });

export const useConversation = (id: number) => useQuery(conversationQuery(id));

export async function getMessages(id: number, query: { before?: number; after?: number } = {}): Promise<MessagesPage> {
  const params = new URLSearchParams();
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  const text = params.toString();
  return (await http.get(text ? `${CHAT_API.messages(id)}?${text}` : CHAT_API.messages(id))).data as MessagesPage;
}

export async function sendMessage(id: number, input: { client_id: string; body: string }): Promise<ChatMessage> {
  return ((await http.post(CHAT_API.messages(id), input)).data as { data: ChatMessage }).data;
}

/**
 * Sends a photo as the request's raw body (its own content type), reporting progress from 0 to 1;
 * the client id makes a retry the same message.
 */
export async function sendPhoto(
  id: number,
  clientId: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<ChatMessage> {
  const response = await http.post(CHAT_API.photos(id, clientId), file, {
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    onUploadProgress: (event) => {
      if (event.total) onProgress(event.loaded / event.total);
    },
  });
  return (response.data as { data: ChatMessage }).data;
}

export async function markRead(id: number, messageId: number): Promise<void> {
  await http.post(CHAT_API.read(id), { message_id: messageId });
}

/** "Message seller": the buyer's conversation about a listing, started if need be. */
export async function startConversation(listingId: number): Promise<Conversation> {
  return ((await http.post(CHAT_API.conversations, { listing_id: listingId })).data as { data: Conversation }).data;
}

/** Archives or brings back a conversation for me; the lists ask again. */
export function useArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) => {
      if (archived) await http.put(CHAT_API.archive(id));
      else await http.delete(CHAT_API.archive(id));
    },
    onSettled: (_nothing, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) }),
      ]),
  });
}

export async function reportConversation(id: number, reason: string): Promise<void> {
  await http.post(CHAT_API.report(id), { reason });
}
