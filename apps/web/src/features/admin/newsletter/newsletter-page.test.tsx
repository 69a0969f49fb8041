import type { AdminNewsletterIssue } from '@marketplace/contracts/newsletter';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastOutlet } from '../../../lib/toasts/toast-outlet';
import { deliver, type Listening } from '../../../test/notification-fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { routedApi } from '../../../test/selling-fixtures';
import { NewsletterAdminPage } from './newsletter-page';

/** What the page listens to on the real-time connection: the test publishes through it. */
const realtime = vi.hoisted(() => ({ listening: [] as Listening[] }));
vi.mock('../../../lib/realtime', async () =>
  (await import('../../../test/notification-fixtures')).realtimeModule(realtime.listening),
);

const api = routedApi();

const spring: AdminNewsletterIssue = {
  id: 4,
  subject: 'Spring deals',
  subject_ar: 'عروض الربيع',
  body: 'Hello',
  body_ar: 'مرحبا',
  listing_ids: [],
  status: 'draft',
  progress: { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 },
  created_at: Date.UTC(2026, 10, 1),
  started_at: null,
  finished_at: null,
};

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/admin/newsletter',
        element: (
          <>
            <NewsletterAdminPage />
            <ToastOutlet />
          </>
        ),
      },
    ],
    { path: '/admin/newsletter' },
  );

describe('the newsletter screen', () => {
  it('previews a draft in both languages, sends it after a confirmation, follows its progress live and cancels', async () => {
    let current = spring;
    const sending = { ...spring, status: 'sending' as const, progress: { ...spring.progress, total: 10 } };
    const sent = api({
      'GET /api/admin/newsletter/issues': () => ({ body: { data: [current] } }),
      'GET /api/admin/newsletter/issues/4': () => ({ body: { data: current } }),
      'GET /api/admin/newsletter/issues/4/preview': () => ({
        body: {
          data: {
            en: { subject: 'Spring deals', html: '<p>Hello</p>' },
            ar: { subject: 'عروض الربيع', html: '<p>مرحبا</p>' },
          },
        },
      }),
      'POST /api/admin/newsletter/issues/4/send': () => {
        current = sending;
        return { body: { data: current } };
      },
      'POST /api/admin/newsletter/issues/4/cancel': () => {
        current = { ...current, status: 'cancelled', progress: { ...current.progress, skipped: 6 } };
        return { body: { data: current } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spring deals' }));
    const panel = await screen.findByRole('region', { name: /Spring deals/ });

    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    expect(await within(panel).findByTitle('The English e-mail')).toHaveAttribute('sandbox', '');
    expect(within(panel).getByTitle('The Arabic e-mail')).toHaveAttribute('srcdoc', '<p>مرحبا</p>');

    await user.click(within(panel).getByRole('button', { name: 'Send to subscribers' }));
    expect(sent.some((request) => request.path.endsWith('/send'))).toBe(false);
    await user.click(within(panel).getByRole('button', { name: 'Yes, send it' }));
    expect(await screen.findByText('Sending has started.')).toBeInTheDocument();
    expect(within(panel).getByText('0 of 10 sent, 0 failed, 0 not sent')).toBeInTheDocument();

    current = { ...sending, progress: { ...sending.progress, queued: 4, sent: 4 } };
    act(() => deliver(realtime.listening, 'private-staff', 'newsletter.progress', { id: 4 }));
    expect(await within(panel).findByText('4 of 10 sent, 0 failed, 0 not sent')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Cancel the sending' }));
    expect(await within(panel).findByText('4 of 10 sent, 0 failed, 6 not sent')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel the sending' })).not.toBeInTheDocument();
  });

  it('writes a new issue in both languages, with the form’s rules first', async () => {
    const sent = api({
      'GET /api/admin/newsletter/issues': () => ({ body: { data: [] } }),
      'POST /api/admin/newsletter/issues': () => ({ status: 201, body: { data: spring } }),
      'GET /api/admin/newsletter/issues/4': () => ({ body: { data: spring } }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New issue' }));
    const form = screen.getByRole('form', { name: 'New issue' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /Subject \(English\)/ }), 'Spring deals');
    await user.type(within(form).getByRole('textbox', { name: /Subject \(Arabic\)/ }), 'عروض الربيع');
    await user.type(within(form).getByRole('textbox', { name: /Text \(English/ }), 'Hello');
    await user.type(within(form).getByRole('textbox', { name: /Text \(Arabic/ }), 'مرحبا');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Issue saved.')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      subject: 'Spring deals',
      subject_ar: 'عروض الربيع',
      body: 'Hello',
      body_ar: 'مرحبا',
      listing_ids: [],
    });
    expect(await screen.findByRole('region', { name: /Spring deals/ })).toBeInTheDocument();
  });
});
