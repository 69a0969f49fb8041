import type { ChatMessage, Conversation } from '@marketplace/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { ConversationPane } from './conversation-pane';
import { linkParts, MessageText } from './message-text';
import { mergeMessages } from './use-conversation-messages';

const api = routedApi();

const message = (id: number, body: string, sender_id: number | null = 7): ChatMessage => ({
  id,
  conversation_id: 3,
  kind: 'text',
  sender_id,
  body,
  photo: null,
  client_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
});

const conversation: Conversation = {
  id: 3,
  listing: {
    id: 11,
    slug: 'pixel-8',
    status: 'active',
    title: 'Pixel 8',
    price_fils: 125_000,
    price_period: null,
    negotiable: true,
    condition: 'like_new',
    city: 'Dubai',
    neighborhood: null,
    cover: null,
    published_at: '2026-11-01T10:00:00.000Z',
    seller_rating: { average: null, count: 0 },
  },
  role: 'buyer',
  other: { id: 7, name: 'Omar K.', avatar: null },
  last_message: null,
  unread_count: 0,
  archived: false,
  other_read_id: 0,
  block: null,
  order_id: null,
  created_at: '2026-11-20T09:00:00.000Z',
};

describe('a message’s text', () => {
  it('makes web addresses links, leaving trailing punctuation and everything else as text', () => {
    expect(linkParts('See https://example.com/a?b=1, or www.example.org.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ', or ' },
      { text: 'www.example.org', href: 'https://www.example.org/' },
      { text: '.' },
    ]);
    expect(linkParts('javascript:alert(1) and ftp://x')).toEqual([{ text: 'javascript:alert(1) and ftp://x' }]);
  });

  it('shows HTML as the text it is, never as markup', () => {
    render(
      <p>
        <MessageText text={'<img src=x onerror=alert(1)> <b>bold</b>'} />
      </p>,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)> <b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('img, b')).toBeNull();
  });
});

describe('merging pages and events', () => {
  it('keeps each message once, in id order, whatever order they came in', () => {
    const merged = mergeMessages(
      [message(2, 'b'), message(4, 'd')],
      [message(3, 'c'), message(2, 'b'), message(1, 'a')],
    );
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('the conversation', () => {
  const open = (overrides: Partial<Conversation> = {}) => {
    const sent = api({
      'GET /api/conversations/3': () => ({ body: { data: { ...conversation, ...overrides } } }),
      'GET /api/conversations/3/messages': () => ({
        body: { data: [message(1, 'Hello'), message(2, 'Mine', layla.id)], has_older: false },
      }),
      'POST /api/conversations/3/read': () => ({ status: 204 }),
      'POST /api/conversations/3/messages': ({ body }) => {
        const { client_id, body: text } = body as { client_id: string; body: string };
        return { status: 201, body: { data: { ...message(9, text, layla.id), client_id } } };
      },
    });
    renderRoutes([{ path: '/messages/3', element: <ConversationPane id={3} myId={layla.id} /> }], {
      path: '/messages/3',
      user: layla,
    });
    return sent;
  };

  it('sends with Enter, keeps Shift+Enter as a new line, and marks what the other side sent as read', async () => {
    const sent = open({ other_read_id: 2 });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    expect(await screen.findByText('Read')).toBeInTheDocument();
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two{Enter}');
    expect(await screen.findByText(/Line one\s+line two/)).toBeInTheDocument();
    expect(box).toHaveValue('');
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts.find((request) => request.path.endsWith('/read'))?.body).toEqual({ message_id: 1 });
    const send = posts.find((request) => request.path.endsWith('/messages'));
    expect(send?.body).toMatchObject({ body: 'Line one\nline two' });
    expect((send?.body as { client_id: string }).client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('links to its order, when the two have one for the listing', async () => {
    open({ order_id: 42 });
    expect(await screen.findByRole('link', { name: 'See order #42' })).toHaveAttribute('href', '/orders/42');
  });

  it('begins with the safety tips, linked', async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Safety tips: meet in public, pay on hand-over' })).toHaveAttribute(
      'href',
      '/safety',
    );
  });

  it('links to no order when there is none', async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Pixel 8' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /order/i })).not.toBeInTheDocument();
  });

  it('says why it cannot send when the other side blocked me, and sends nothing', async () => {
    const sent = open({ block: 'blocked-me' });
    expect(await screen.findByText('You cannot reply in this conversation.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Write a message' })).toBeDisabled();
    expect(sent.filter((request) => request.path.endsWith('/messages') && request.method === 'POST')).toEqual([]);
  });
});

describe('photos in the conversation', () => {
  const revoked = vi.fn();
  beforeEach(() => {
    // jsdom has no object URLs: the page's local copy of a photo on its way.
    URL.createObjectURL = vi.fn(() => 'blob:local-copy');
    URL.revokeObjectURL = revoked;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const photo = {
    card: '/media/chat/AAAAAAAAAAAAAAAAAAAAAA-card.webp',
    full: '/media/chat/AAAAAAAAAAAAAAAAAAAAAA-full.webp',
    width: 1200,
    height: 1600,
    placeholder: 'data:image/webp;base64,AAAA',
  };

  const open = (
    upload: (received: {
      request: { onUploadProgress?: (p: { loaded: number; total?: number }) => void };
      query: URLSearchParams;
    }) => Promise<{ status: number; body: unknown }>,
  ) => {
    const sent = api({
      'GET /api/conversations/3': () => ({ body: { data: conversation } }),
      'GET /api/conversations/3/messages': () => ({
        body: {
          data: [{ ...message(1, '', 7), kind: 'photo', photo }],
          has_older: false,
        },
      }),
      'POST /api/conversations/3/read': () => ({ status: 204 }),
      'POST /api/conversations/3/photos': (received) => upload(received),
    });
    renderRoutes([{ path: '/messages/3', element: <ConversationPane id={3} myId={layla.id} /> }], {
      path: '/messages/3',
      user: layla,
    });
    return sent;
  };
  const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bike.jpg', { type: 'image/jpeg' });

  it('shows a photo being sent with its progress, then the stored one, which opens full size', async () => {
    let finish: () => void = () => undefined;
    const sent = open(
      ({ request, query }) =>
        new Promise((resolve) => {
          request.onUploadProgress?.({ loaded: 40, total: 100 });
          finish = () =>
            resolve({
              status: 201,
              body: {
                data: { ...message(9, '', layla.id), kind: 'photo', photo, client_id: query.get('client_id') },
              },
            });
        }),
    );
    const user = userEvent.setup();
    const theirs = await screen.findByRole('button', { name: 'Photo from Omar K.' });
    expect(within(theirs).getByRole('img')).toHaveAttribute('src', photo.card);

    await user.upload(screen.getByTestId('chat-photo-input'), jpeg());
    const progress = await screen.findByRole('progressbar', { name: 'Uploading the photo' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', 'blob:local-copy');
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    const upload = sent.find((request) => request.path.endsWith('/photos'));
    expect(upload?.query.get('client_id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(upload?.body).toBeInstanceOf(File);

    finish();
    expect(await screen.findByRole('button', { name: 'Your photo' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(revoked).toHaveBeenCalledWith('blob:local-copy');

    await user.click(theirs);
    const viewer = await screen.findByRole('dialog', { name: 'Photo from Omar K.' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', photo.full);
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why a photo was refused and sends it again with the same client id', async () => {
    let attempts = 0;
    const sent = open(({ query }) => {
      attempts += 1;
      return Promise.resolve(
        attempts === 1
          ? { status: 422, body: { message: 'Invalid', errors: { photo: ['The photo field must be an image'] } } }
          : {
              status: 201,
              body: { data: { ...message(9, '', layla.id), kind: 'photo', photo, client_id: query.get('client_id') } },
            },
      );
    });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Photo from Omar K.' });
    await user.upload(screen.getByTestId('chat-photo-input'), jpeg());
    expect(await screen.findByText('The photo field must be an image')).toBeInTheDocument();
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Your photo' })).toBeInTheDocument();
    const ids = sent
      .filter((request) => request.path.endsWith('/photos'))
      .map((request) => request.query.get('client_id'));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('does not send what is not a photo, or a photo over 12 MB, and says why', async () => {
    const sent = open(() => Promise.resolve({ status: 500, body: {} }));
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('button', { name: 'Photo from Omar K.' });
    await user.upload(
      screen.getByTestId('chat-photo-input'),
      new File(['<svg/>'], 'drawing.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The photo field must be an image');
    const huge = jpeg();
    Object.defineProperty(huge, 'size', { value: 12 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId('chat-photo-input'), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('The photo field size must be less than 12288KB');
    expect(sent.filter((request) => request.path.endsWith('/photos'))).toEqual([]);
  });
});
