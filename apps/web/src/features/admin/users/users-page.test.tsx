import type { AdminUserRow } from '@marketplace/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../../test/selling-fixtures';
import { cursorPages, expectEmptyAndRefused, expectFailedThenRetried, tableRows } from '../paged-list-fixtures';
import { UsersPage } from './users-page';

const api = routedApi();

function person(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 42,
    name: 'Rasha Mansour',
    email: 'rasha@example.com',
    account_type: 'individual',
    joined_at: Date.UTC(2026, 10, 1, 12),
    verified: true,
    role: null,
    suspension: null,
    deleted_at: null,
    ...overrides,
  };
}

/** Sixty people, newest (id 60) first; the API pages them 50 at a time, before the cursor. */
const everyone: AdminUserRow[] = Array.from({ length: 60 }, (_, index) =>
  person({ id: 60 - index, name: `Person ${60 - index}`, email: `person${60 - index}@example.com` }),
);

function renderPage(path: string, list: (received: Received) => Reply) {
  const sent = api({ 'GET /api/admin/users': list });
  const view = renderRoutes([{ path: '/admin/users', element: <UsersPage /> }], { path, user: layla });
  return { ...view, sent };
}

const searches = (sent: Received[]) => sent.filter((request) => request.path === '/api/admin/users');

const rowsOf = () => tableRows('Users found');

describe('/admin/users', () => {
  it('shows each person with their address, account, role and standing, linked to their page', async () => {
    renderPage('/admin/users', () => ({
      body: {
        data: [
          person({ role: 'moderator' }),
          person({
            id: 43,
            name: 'Omar Saleh',
            email: 'omar@example.com',
            account_type: 'company',
            verified: false,
            suspension: { since: Date.UTC(2026, 10, 2), until: null, reason: null },
          }),
          person({ id: 44, name: '', email: 'deleted-44@invalid', deleted_at: Date.UTC(2026, 10, 3) }),
        ],
        next_cursor: null,
      },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const [rasha, omar, deleted] = (await rowsOf()) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(rasha).getByRole('link', { name: 'Rasha Mansour' })).toHaveAttribute('href', '/admin/users/42');
    expect(rasha).toHaveTextContent('rasha@example.com');
    expect(rasha).toHaveTextContent('Individual');
    expect(rasha).toHaveTextContent('Verified');
    expect(rasha).toHaveTextContent('moderator');
    expect(rasha).toHaveTextContent('Active');
    expect(omar).toHaveTextContent('Company');
    expect(omar).toHaveTextContent('Not verified');
    expect(omar).toHaveTextContent('Suspended for good');
    expect(deleted).toHaveTextContent('Deleted');
    expect(screen.queryByRole('button', { name: 'Show more users' })).not.toBeInTheDocument();
  });

  it('puts the search into the address and sends it to the API; an empty search lists everyone', async () => {
    const { router, sent } = renderPage('/admin/users?q=rasha', cursorPages(everyone.slice(0, 3)));
    await rowsOf();
    const form = screen.getByRole('search', { name: 'Search users' });
    const box = within(form).getByRole('searchbox', { name: 'Name, e-mail or id' });
    expect(box).toHaveValue('rasha');
    expect(searches(sent)[0]?.query.get('q')).toBe('rasha');

    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, '  omar@exa  ');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=omar%40exa');
    await waitFor(() => expect(searches(sent)).toHaveLength(2));
    expect(searches(sent).at(-1)?.query.get('q')).toBe('omar@exa');

    // The form starts again from the address: the search as it was sent.
    const again = screen.getByRole('searchbox', { name: 'Name, e-mail or id' });
    expect(again).toHaveValue('omar@exa');
    await user.clear(again);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(searches(sent)).toHaveLength(3));
    expect(searches(sent).at(-1)?.query.toString()).toBe('');
  });

  it('appends the next page under the first with Load more, by the cursor', async () => {
    const { sent } = renderPage('/admin/users?q=person', cursorPages(everyone));
    expect(await rowsOf()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show more users' }));
    await waitFor(async () => expect(await rowsOf()).toHaveLength(60));
    const rows = await rowsOf();
    expect(rows[0]).toHaveTextContent('Person 60');
    expect(rows[59]).toHaveTextContent('Person 1');
    expect(searches(sent).map((request) => [request.query.get('cursor'), request.query.get('q')])).toEqual([
      [null, 'person'],
      ['11', 'person'],
    ]);
    expect(screen.queryByRole('button', { name: 'Show more users' })).not.toBeInTheDocument();
  });

  it('says when nobody matches, when there is nobody yet, and what the API refused', async () => {
    await expectEmptyAndRefused(renderPage, {
      filtered: ['/admin/users?q=nobody', 'Nobody matches “nobody”.'],
      none: ['/admin/users', 'There are no users yet.'],
      refused: ['/admin/users?q=x', 'q'],
    });
  });

  it('says when the users could not be loaded, and tries again', async () => {
    await expectFailedThenRetried(renderPage, '/admin/users', everyone, 'The users could not be loaded.', rowsOf);
  });
});
