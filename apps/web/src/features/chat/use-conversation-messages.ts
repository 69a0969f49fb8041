import type { ChatMessage, Conversation } from '@marketplace/contracts';
import { CHAT_LIMITS } from '@marketplace/contracts/chat-essentials';
import { isUploadablePhotoType, PHOTO_UPLOAD } from '@marketplace/contracts/photo-upload';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiError } from '../../lib/http';
import { listen, whisper } from '../../lib/realtime';
import {
  conversationListsQueryKey,
  conversationQueryKey,
  getMessages,
  markRead,
  sendMessage,
  sendPhoto,
  unreadMessagesQueryKey,
} from './api/chat';

/** A message of mine on its way: shown at once, then replaced by the stored one. */
export interface PendingMessage {
  client_id: string;
  body: string;
  created_at: string;
  status: 'sending' | 'failed';
  /** The server's reason when it refused (a block, too many messages). */
  error?: string | undefined;
  /** A photo being sent: the file, a local URL showing it meanwhile, and how much has gone (0-1). */
  photo?: { file: File; preview: string; progress: number } | undefined;
}

/** Stored messages by id, each once, oldest first, whatever order pages and events brought them in. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** How long "typing…" shows after the other side's last keystroke signal. */
const TYPING_SHOWN_MS = 5000;
/** At most one typing signal per this many ms: enough to keep the other side's indicator on. */
const TYPING_SIGNAL_MS = 2500;

const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * One conversation's messages for its page: the newest page first, older ones on demand, and what
 * came after the newest one shown whenever something may have been missed (a message event, a
 * reconnection, the tab becoming visible) — in order, each once. Sending shows the message at once
 * and keeps its client id, so a retry is never a second message. The other side's read position
 * and typing arrive on the conversation's channel.
 */
export function useConversationMessages(conversation: Conversation | undefined, myId: number) {
  const queryClient = useQueryClient();
  const id = conversation?.id;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [typingUntil, setTypingUntil] = useState(0);
  const newest = useRef(0);
  const catchingUp = useRef<Promise<void> | undefined>(undefined);
  const lastTypingSignal = useRef(0);
  const markedRead = useRef(0);

  const add = useCallback((incoming: readonly ChatMessage[]) => {
    if (incoming.length === 0) return;
    newest.current = Math.max(newest.current, ...incoming.map((message) => message.id));
    setMessages((current) => mergeMessages(current, incoming));
    const mine = new Set(incoming.map((message) => message.client_id));
    setPending((current) => {
      for (const message of current) {
        if (message.photo && mine.has(message.client_id)) URL.revokeObjectURL(message.photo.preview);
      }
      return current.filter((message) => !mine.has(message.client_id));
    });
  }, []);

  // The local copies of photos still on their way go with the page.
  const pendingNow = useRef(pending);
  useEffect(() => {
    pendingNow.current = pending;
  });
  useEffect(
    () => () => {
      for (const message of pendingNow.current) if (message.photo) URL.revokeObjectURL(message.photo.preview);
    },
    [],
  );

  /** The newest page; `attempt` changes to load it again after a failure. */
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (id === undefined) return undefined;
    let current = true;
    getMessages(id).then(
      (page) => {
        if (!current) return;
        add(page.data);
        setHasOlder(page.has_older);
        setStatus('ready');
      },
      () => {
        if (current) setStatus('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [id, add, attempt]);

  /** Everything after the newest message shown, page by page; one catch-up at a time. */
  const catchUp = useCallback((): Promise<void> => {
    if (id === undefined) return Promise.resolve();
    catchingUp.current ??= (async () => {
      try {
        for (;;) {
          const page = await getMessages(id, { after: newest.current });
          add(page.data);
          if (page.data.length < CHAT_LIMITS.pageSize) break;
        }
      } catch {
        // The next event, reconnection or visit catches up again.
      } finally {
        catchingUp.current = undefined;
      }
    })();
    return catchingUp.current;
  }, [id, add]);

  const loadOlder = useCallback(async () => {
    const first = messages[0];
    if (id === undefined || !first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages(id, { before: first.id });
      add(page.data);
      setHasOlder(page.has_older);
    } finally {
      setLoadingOlder(false);
    }
  }, [id, messages, loadingOlder, add]);

  // Live: new messages, the other side's reading and typing; after a lost connection, what was missed.
  useEffect(() => {
    if (id === undefined) return undefined;
    const refreshConversation = () => void queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) });
    const stop = listen((channels) => channels.conversation(id), {
      'message.created': () => {
        setTypingUntil(0);
        void catchUp();
      },
      'conversation.read': ({ message_id }) =>
        queryClient.setQueryData<Conversation>(conversationQueryKey(id), (current) =>
          current ? { ...current, other_read_id: Math.max(current.other_read_id, message_id) } : current,
        ),
      'client-typing': ({ user_id }) => {
        if (user_id !== myId) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      },
      reconnected: () => {
        void catchUp();
        refreshConversation();
      },
    });
    const visible = () => {
      if (document.visibilityState === 'visible') {
        void catchUp();
        refreshConversation();
      }
    };
    document.addEventListener('visibilitychange', visible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', visible);
    };
  }, [id, myId, queryClient, catchUp]);

  // "typing…" goes by itself when no signal renews it.
  useEffect(() => {
    if (typingUntil === 0) return undefined;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // What the other side sent is read once it is on a visible page.
  const lastFromOther = [...messages].reverse().find((message) => message.sender_id !== myId);
  useEffect(() => {
    if (id === undefined || !lastFromOther || document.visibilityState !== 'visible') return;
    if (lastFromOther.id <= markedRead.current) return;
    markedRead.current = lastFromOther.id;
    markRead(id, lastFromOther.id).then(
      () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey }),
          queryClient.invalidateQueries({ queryKey: conversationListsQueryKey }),
        ]),
      () => {
        markedRead.current = 0;
      },
    );
  }, [id, lastFromOther, queryClient]);

  const deliver = useCallback(
    async (message: PendingMessage) => {
      if (id === undefined) return;
      const progress = (fraction: number) =>
        setPending((current) =>
          current.map((item) =>
            item.client_id === message.client_id && item.photo
              ? { ...item, photo: { ...item.photo, progress: fraction } }
              : item,
          ),
        );
      try {
        add([
          message.photo
            ? await sendPhoto(id, message.client_id, message.photo.file, progress)
            : await sendMessage(id, { client_id: message.client_id, body: message.body }),
        ]);
        void queryClient.invalidateQueries({ queryKey: conversationListsQueryKey });
      } catch (error) {
        const refused = apiError(error);
        const errors = refused?.body.errors;
        const reason =
          refused && refused.status < 500
            ? (errors?.body?.[0] ?? errors?.photo?.[0] ?? refused.body.message)
            : undefined;
        setPending((current) =>
          current.map((item) =>
            item.client_id === message.client_id ? { ...item, status: 'failed', error: reason } : item,
          ),
        );
      }
    },
    [id, add, queryClient],
  );

  const send = useCallback(
    (body: string) => {
      const message: PendingMessage = {
        client_id: newClientId(),
        body,
        created_at: new Date().toISOString(),
        status: 'sending',
      };
      setPending((current) => [...current, message]);
      lastTypingSignal.current = 0;
      void deliver(message);
    },
    [deliver],
  );

  /**
   * Sends a photo: shown at once from the file, with the upload's progress. A file the server would
   * refuse for its type or size is not sent: the answer is why.
   */
  const sendPhotoMessage = useCallback(
    (file: File): 'notAnImage' | 'tooLarge' | undefined => {
      if (!isUploadablePhotoType(file.type)) return 'notAnImage';
      if (file.size > PHOTO_UPLOAD.maxBytes) return 'tooLarge';
      const message: PendingMessage = {
        client_id: newClientId(),
        body: '',
        created_at: new Date().toISOString(),
        status: 'sending',
        photo: { file, preview: URL.createObjectURL(file), progress: 0 },
      };
      setPending((current) => [...current, message]);
      void deliver(message);
      return undefined;
    },
    [deliver],
  );

  /** Sends a failed message again with the same client id: the server stores it once, however often. */
  const retry = useCallback(
    (clientId: string) => {
      const message = pending.find((item) => item.client_id === clientId);
      if (!message) return;
      const again = (item: PendingMessage): PendingMessage => ({
        ...item,
        status: 'sending',
        error: undefined,
        photo: item.photo && { ...item.photo, progress: 0 },
      });
      setPending((current) => current.map((item) => (item.client_id === clientId ? again(item) : item)));
      void deliver(again(message));
    },
    [pending, deliver],
  );

  /** Tells the other side I am typing, at most every few seconds. */
  const typing = useCallback(() => {
    if (id === undefined || Date.now() - lastTypingSignal.current < TYPING_SIGNAL_MS) return;
    lastTypingSignal.current = Date.now();
    whisper((channels) => channels.conversation(id), 'client-typing', { user_id: myId });
  }, [id, myId]);

  return {
    messages,
    pending,
    hasOlder,
    status,
    loadingOlder,
    otherTyping: typingUntil > 0,
    reload: () => {
      setStatus('loading');
      setAttempt((n) => n + 1);
    },
    loadOlder,
    send,
    sendPhoto: sendPhotoMessage,
    retry,
    typing,
  };
}
