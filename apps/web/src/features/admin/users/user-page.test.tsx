import type { AdminUser, AdminUserListPage, AdminUserReport } from '@marketplace/contracts/staff';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../../test/selling-fixtures';
import { AtTheDesk } from '../moderation/moderation-fixtures';
import { UserPage } from './user-page';

const api = routedApi();

const empty = { total: 0, data: [], next_cursor: null };

/** Forty-five reports against the person, newest (id 45) first; the API pages them 20 at a time. */
const against: AdminUserReport[] = Array.from({ length: 45 }, (_, index) => ({
  kind: 'listing',
  id: 45 - index,
  target_id: 1000 + index,
  target: `Listing number ${45 - index}`,
  reporter: { id: 8, name: 'Hana Reporter' },
  reason: 'scam',
  created_at: Date.UTC(2026, 10, 20) - index * 60_000,
  resolved_at: null,
  outcome: null,
}));

/** A page of `against` after `cursor` (the last id shown), as the server writes it. */
function pageAfter(cursor: string | null): AdminUserListPage<'reports_against'> {
  const rest = against.filter((report) => cursor === null || report.id < Number(cursor));
  const data = rest.slice(0, 20);
  return { total: against.length, data, next_cursor: rest.length > 20 ? String(data.at(-1)?.id) : null };
}

const person = (): AdminUser => ({
  profile: {
    id: 7,
    first_name: 'Omar',
    last_name: 'Saleh',
    email: 'omar@example.com',
    account_type: 'individual',
    company: null,
    joined_at: Date.UTC(2025, 0, 5),
    verified_at: Date.UTC(2025, 0, 5),
    locale: 'en',
    deleted_at: null,
    suspension: null,
    role: null,
  },
  listings: {
    total: 1,
    data: [
      {
        id: 31,
        title: 'Road bike',
        slug: 'road-bike',
        status: 'active',
        price_fils: 250_000,
        price_period: null,
        created_at: Date.UTC(2026, 9, 1),
      },
    ],
    next_cursor: null,
  },
  purchases: {
    total: 1,
    data: [
      {
        id: 61,
        listing: { id: 40, title: 'Desk lamp' },
        other: { id: 9, name: 'Rania Seller' },
        status: 'completed',
        amount_fils: 9_000,
        created_at: Date.UTC(2026, 9, 2),
      },
    ],
    next_cursor: null,
  },
  sales: empty,
  conversation_reports: empty,
  reports_made: empty,
  reports_against: pageAfter(null),
  sessions: empty,
});

function renderPage(next: (received: Received) => Reply) {
  const sent = api({
    'GET /api/admin/users/7': () => ({ body: person() }),
    'GET /api/admin/users/7/reports_against': next,
  });
  renderRoutes(
    [
      {
        path: '/admin/users/:id',
        element: (
          <AtTheDesk>
            <UserPage />
          </AtTheDesk>
        ),
      },
    ],
    { path: '/admin/users/7', user: layla },
  );
  return sent;
}

const region = (name: RegExp) => screen.findByRole('region', { name });
const rowsOf = (section: HTMLElement) => within(section).getAllByRole('row').slice(1);

describe('a person’s page, list by list', () => {
  it('shows each list’s total and its first 20, and brings the rest 20 at a time until none is left', async () => {
    const sent = renderPage(({ query }) => ({ body: pageAfter(query.get('cursor')) }));
    const section = await region(/Reports against them \(45\)/);
    expect(rowsOf(section)).toHaveLength(20);
    // A list with no more rows offers none; each list draws its own rows.
    const listings = await region(/Listings \(1\)/);
    expect(within(listings).queryByRole('button')).not.toBeInTheDocument();
    expect(within(listings).getByRole('link', { name: 'Road bike' })).toHaveAttribute('href', '/items/31/road-bike');
    expect(within(listings).getByRole('link', { name: 'All their listings (1)' })).toHaveAttribute(
      'href',
      '/admin/listings?seller=7',
    );
    const purchases = await region(/Orders as buyer \(1\)/);
    expect(within(purchases).getByRole('columnheader', { name: 'Seller' })).toBeInTheDocument();
    expect(within(purchases).getByRole('link', { name: 'Rania Seller' })).toHaveAttribute('href', '/admin/users/9');
    expect(await region(/Live sessions \(0\)/)).toHaveTextContent('They are not signed in anywhere.');

    const more = within(section).getByRole('button', { name: 'Show more (20 of 45 shown)' });
    expect(more).toHaveAccessibleDescription('Reports against them (45)');
    await userEvent.click(more);
    expect(await within(section).findByRole('button', { name: 'Show more (40 of 45 shown)' })).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: /Show more/ }));
    await within(section).findByText('Listing number 1');
    expect(within(section).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();

    const titles = rowsOf(section).map((row) => within(row).getAllByRole('link')[0]?.textContent);
    expect(titles).toEqual(against.map((report) => report.target));
    // The pages asked for: after the first page's last row, then after the second's.
    const asked = sent.filter((request) => request.path === '/api/admin/users/7/reports_against');
    expect(asked.map((request) => request.query.get('cursor'))).toEqual(['26', '6']);
  });

  it('says when the next rows could not be loaded, and keeps what it shows, the button trying again', async () => {
    let fail = true;
    renderPage(({ query }) =>
      fail ? { status: 500, body: { message: 'Server Error' } } : { body: pageAfter(query.get('cursor')) },
    );
    const section = await region(/Reports against them/);
    await userEvent.click(within(section).getByRole('button', { name: /Show more/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The next rows could not be loaded.');
    expect(rowsOf(section)).toHaveLength(20);
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: /Show more/ }));
    expect(await within(section).findByRole('button', { name: 'Show more (40 of 45 shown)' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(rowsOf(section)).toHaveLength(40);
  });

  it('reads in Arabic', async () => {
    act(() => activateLocale('ar', arabic));
    renderPage(({ query }) => ({ body: pageAfter(query.get('cursor')) }));
    const section = await region(/بلاغات ضده/);
    expect(within(section).getByRole('button', { name: /عرض المزيد/ })).toBeInTheDocument();
  });
});
