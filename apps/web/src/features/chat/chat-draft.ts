/**
 * A message the page that opened a conversation wrote for the buyer to send (a viewing request,
 * issue 32): carried in the navigation's state, for that conversation only, never sent by itself.
 */
export interface ChatDraftState {
  chatDraft: { conversationId: number; body: string };
}

export const chatDraftState = (conversationId: number, body: string): ChatDraftState => ({
  chatDraft: { conversationId, body },
});

/** The draft `state` carries for `conversationId`, or nothing. */
export function chatDraftFor(state: unknown, conversationId: number): string | undefined {
  if (typeof state !== 'object' || state === null || !('chatDraft' in state)) return undefined;
  const draft = (state as Partial<ChatDraftState>).chatDraft;
  return draft?.conversationId === conversationId && typeof draft.body === 'string' ? draft.body : undefined;
}
