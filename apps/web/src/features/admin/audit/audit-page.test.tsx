import type { AuditEntry } from '@marketplace/contracts/staff';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../../test/selling-fixtures';
import { cursorPages, tableRows } from '../paged-list-fixtures';
import { AuditPage } from './audit-page';

const api = routedApi();

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    actor: { id: 3, name: 'Samir Haddad', role: 'admin' },
    action: 'staff.change-role',
    target: { type: 'user', id: 42 },
    before: { role: 'support' },
    after: { role: 'moderator' },
    reason: null,
    note: null,
    ip: '203.0.113.7',
    created_at: '2026-11-20T10:15:00.000Z',
    ...overrides,
  };
}

/** Sixty actions, newest (id 60) first; the API pages them 50 at a time, before the cursor. */
const log: AuditEntry[] = Array.from({ length: 60 }, (_, index) =>
  entry({ id: 60 - index, target: { type: 'listing', id: 1000 + index }, action: 'listing.remove' }),
);

function renderPage(path: string, list: (received: Received) => Reply) {
  const sent = api({
    'GET /api/admin/audit': list,
    'GET /api/admin/audit/facets': () => ({
      body: { actions: ['listing.remove', 'made.up-action', 'staff.grant'], target_types: ['listing', 'user'] },
    }),
  });
  const view = renderRoutes([{ path: '/admin/audit', element: <AuditPage /> }], { path, user: layla });
  return { ...view, sent };
}

const rowsOf = (name = 'Staff actions') => tableRows(name);

describe('/admin/audit', () => {
  it('shows who did what to which target, the change, the reason and note, when and from where', async () => {
    renderPage('/admin/audit', () => ({
      body: {
        data: [
          entry(),
          entry({
            id: 2,
            actor: { id: 5, name: 'Mona Aziz', role: 'moderator' },
            action: 'listing.remove',
            target: { type: 'listing', id: 77 },
            before: { status: 'live' },
            after: { status: 'removed' },
            reason: 'scam',
            note: 'Asked for payment outside the site.',
            ip: '198.51.100.4',
          }),
          entry({
            id: 3,
            actor: { id: null, name: 'command line', role: 'system' },
            action: 'made.up-action',
            target: { type: 'widget', id: 9 },
            before: null,
            after: { count: 2, tags: ['a'] },
            ip: null,
          }),
        ],
        next_cursor: null,
      },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const [roleChange, removal, unknown] = (await rowsOf()) as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(roleChange).getByRole('link', { name: 'Samir Haddad' })).toHaveAttribute(
      'href',
      '/admin/audit?actor=3',
    );
    expect(roleChange).toHaveTextContent('admin');
    expect(roleChange).toHaveTextContent('Changed a staff role');
    expect(within(roleChange).getByRole('link', { name: 'User #42' })).toHaveAttribute('href', '/admin/users/42');
    expect(within(roleChange).getByRole('listitem')).toHaveTextContent('role: support → moderator');
    expect(roleChange).toHaveTextContent('203.0.113.7');
    expect(within(roleChange).getByText(/2026/).closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T10:15:00.000Z',
    );

    expect(removal).toHaveTextContent('Removed a listing');
    expect(within(removal).getByRole('link', { name: 'Listing #77' })).toHaveAttribute(
      'href',
      '/admin/moderation/listing/77',
    );
    expect(removal).toHaveTextContent('moderator');
    expect(removal).toHaveTextContent('a scam');
    expect(removal).toHaveTextContent('Asked for payment outside the site.');
    expect(within(removal).getByRole('listitem')).toHaveTextContent('status: live → removed');

    // An action or target type the page does not know shows as the log names it; the system has no link.
    expect(unknown).toHaveTextContent('made.up-action');
    expect(unknown).toHaveTextContent('widget #9');
    expect(within(unknown).queryByRole('link')).not.toBeInTheDocument();
    expect(unknown).toHaveTextContent('system');
    expect(
      within(unknown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['count: none → 2', 'tags: none → ["a"]']);
  });

  it('loads older actions with the cursor', async () => {
    const { sent } = renderPage('/admin/audit', cursorPages(log));
    expect(await rowsOf()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rowsOf()).toHaveLength(60));
    expect(
      sent.filter((request) => request.path === '/api/admin/audit').map((request) => request.query.get('cursor')),
    ).toEqual([null, '11']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the filters in the address, sends them to the API, and clears them', async () => {
    const { router, sent } = renderPage(
      '/admin/audit?action=listing.remove&from=2026-11-01',
      cursorPages(log.slice(0, 3)),
    );
    await rowsOf();
    const form = screen.getByRole('form', { name: 'Filter the log' });
    expect(within(form).getByLabelText('Action')).toHaveValue('listing.remove');
    expect(within(form).getByRole('option', { name: 'made.up-action' })).toBeInTheDocument();
    expect(within(form).getByLabelText('From')).toHaveValue('2026-11-01');
    const first = sent.find((request) => request.path === '/api/admin/audit');
    expect(first?.query.get('action')).toBe('listing.remove');
    // A day is where the member is: its start as an instant.
    expect(first?.query.get('from')).toBe(new Date(2026, 10, 1).toISOString());

    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Search notes and names'), 'refund');
    await user.selectOptions(within(form).getByLabelText('Target type'), 'Users');
    await user.type(within(form).getByLabelText('Target number'), '42');
    await user.type(within(form).getByLabelText('To'), '2026-11-03');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'refund',
      action: 'listing.remove',
      target_type: 'user',
      target_id: '42',
      from: '2026-11-01',
      to: '2026-11-03',
    });
    await waitFor(() => expect(sent.filter((request) => request.path === '/api/admin/audit')).toHaveLength(2));
    const last = sent.filter((request) => request.path === '/api/admin/audit').at(-1);
    expect(last?.query.get('q')).toBe('refund');
    expect(last?.query.get('target_id')).toBe('42');
    // "To" includes its day: the API gets the start of the next.
    expect(last?.query.get('to')).toBe(new Date(2026, 10, 4).toISOString());

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Action')).toHaveValue('');
  });

  it('filters by a person when their name is followed', async () => {
    const { router, sent } = renderPage('/admin/audit?action=staff.change-role', () => ({
      body: { data: [entry()], next_cursor: null },
    }));
    const [row] = (await rowsOf()) as [HTMLElement];
    await userEvent.click(within(row).getByRole('link', { name: 'Samir Haddad' }));
    expect(router.state.location.search).toBe('?action=staff.change-role&actor=3');
    await waitFor(() =>
      expect(sent.some((request) => request.path === '/api/admin/audit' && request.query.get('actor') === '3')).toBe(
        true,
      ),
    );
    expect(screen.getByLabelText('Staff member (account number)')).toHaveValue('3');
  });

  it('says when nothing matches, when the log is empty, and what the API refused', async () => {
    const empty = () => ({ body: { data: [], next_cursor: null } });
    const { unmount } = renderPage('/admin/audit?q=nothing', empty);
    expect(await screen.findByText('No staff action matches these filters.')).toBeInTheDocument();
    unmount();
    const again = renderPage('/admin/audit', empty);
    expect(await screen.findByText('No staff action has been recorded yet.')).toBeInTheDocument();
    again.unmount();
    renderPage('/admin/audit?from=2026-11-05&to=2026-11-01', () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { to: ['{"key":"admin.audit.toBeforeFrom"}'] },
      },
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“To” must come after “From”.');
  });

  it('says when the log could not be loaded, and tries again', async () => {
    let fail = true;
    renderPage('/admin/audit', (received) => (fail ? { status: 500, body: {} } : cursorPages(log)(received)));
    expect(await screen.findByRole('alert')).toHaveTextContent('The audit log could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowsOf()).toHaveLength(50);
  });

  it('reads right to left in Arabic, its changes pointing left', async () => {
    act(() => activateLocale('ar', arabic));
    renderPage('/admin/audit', () => ({ body: { data: [entry()], next_cursor: null } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeInTheDocument();
    const [row] = (await rowsOf('إجراءات الموظفين')) as [HTMLElement];
    expect(row).toHaveTextContent('غيّر دورًا في فريق العمل');
    expect(within(row).getByRole('listitem')).toHaveTextContent('role: support ← moderator');
    expect(within(row).getByRole('link', { name: 'المستخدم رقم 42' })).toBeInTheDocument();
  });
});
