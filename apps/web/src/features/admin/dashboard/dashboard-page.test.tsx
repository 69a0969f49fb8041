import {
  STAFF_RULES,
  type Dashboard,
  type DashboardDay,
  type StaffAction,
  type StaffSession,
} from '@marketplace/contracts/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Reply } from '../../../test/selling-fixtures';
import { StaffSessionContext } from '../api/staff-session';
import { niceCeiling, niceDuration } from './bar-chart';
import { DashboardPage } from './dashboard-page';

const api = routedApi();

const quiet = (day: string): DashboardDay => ({
  day,
  new_users: 0,
  listings_published: 0,
  orders_completed: 0,
  orders_value_fils: 0,
  reports_opened: 0,
  open_reports: 0,
  median_first_action_seconds: null,
});

/** 30 days to 26 Nov 2026: 23 Nov busy, today (26 Nov) under way, the rest quiet. */
const days: DashboardDay[] = Array.from({ length: 30 }, (_, index) =>
  quiet(new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10)),
).map((day) => {
  if (day.day === '2026-11-23') {
    return {
      ...day,
      new_users: 1234,
      listings_published: 2,
      orders_completed: 2,
      orders_value_fils: 402_450,
      reports_opened: 3,
      open_reports: 1,
      median_first_action_seconds: 5_400,
    };
  }
  if (day.day === '2026-11-26') return { ...day, new_users: 4, orders_value_fils: 1_000_000, open_reports: 2 };
  return day;
});

const dashboard: Dashboard = {
  days,
  totals: {
    new_users: 1238,
    listings_published: 2,
    orders_completed: 2,
    orders_value_fils: 1_402_450,
    reports_opened: 3,
    open_reports: 2,
    median_first_action_seconds: 5_400,
  },
  as_of: '2026-11-26T14:05:00.000Z',
};

const staffSession = (actions: readonly StaffAction[]): StaffSession => ({
  user: { id: layla.id, name: 'Layla Haddad', email: layla.email },
  role: 'moderator',
  actions: [...actions],
  second_factor: 'passed',
  second_factor_until: null,
});

function renderPage(
  reply: () => Reply = () => ({ body: { data: dashboard } }),
  actions: readonly StaffAction[] = STAFF_RULES.moderator,
) {
  const sent = api({ 'GET /api/admin/dashboard': reply });
  const page = (
    <StaffSessionContext.Provider value={staffSession(actions)}>
      <DashboardPage />
    </StaffSessionContext.Provider>
  );
  renderRoutes([{ path: '/admin', element: page }], { path: '/admin', user: layla });
  return sent;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the dashboard', () => {
  it('gives every figure of every day as a table, newest first, in English', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'The figures of each day, newest first' });
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Day',
      'New users',
      'Listings published',
      'Orders completed',
      'Value of orders completed',
      'Reports received',
      'Open reports at the day’s end',
      'Median time to a moderator’s first action',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('26 Nov 2026 (today, so far)');
    expect(cells(rows[0] as HTMLElement)).toEqual(['4', '0', '0', 'AED\u00a010,000', '0', '2', 'none acted on']);
    const busy = within(table).getByRole('rowheader', { name: '23 Nov 2026' }).closest('tr') as HTMLElement;
    expect(cells(busy)).toEqual(['1,234', '2', '2', 'AED\u00a04,024.50', '3', '1', '1.5 hr']);
    expect(within(rows[29] as HTMLElement).getByRole('rowheader')).toHaveTextContent('28 Oct 2026');

    // The totals above, and the time today's figures were counted.
    const totals = screen.getByRole('region', { name: 'The 30 days in all' });
    expect(within(totals).getByText('Open reports now').nextSibling).toHaveTextContent('2');
    expect(within(totals).getByText('Value of orders completed').nextSibling).toHaveTextContent('AED 14,024.50');
    expect(screen.getByText(/as of 26 Nov 2026/)).toBeInTheDocument();
    // The charts are drawn for the eye only.
    const charts = screen.getByRole('region', { name: 'Day by day' });
    const drawings = charts.querySelectorAll('svg');
    expect(drawings).toHaveLength(7);
    for (const drawing of drawings) expect(drawing).toHaveAttribute('aria-hidden', 'true');
  });

  it('writes the same numbers in Arabic, its time axis running right to left', async () => {
    activateLocale('ar', arabic);
    renderPage();
    const region = await screen.findByRole('region', { name: 'أرقام كل يوم، من الأحدث إلى الأقدم' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      '26\u200f/11\u200f/2026 (اليوم، حتى الآن)',
    );
    expect(cells(rows[0] as HTMLElement)).toEqual([
      '4',
      '0',
      '0',
      '\u200f10,000\u00a0د.إ.\u200f',
      '0',
      '2',
      'لم يُتخذ إجراء',
    ]);
    const busy = rows[3] as HTMLElement;
    expect(within(busy).getByRole('rowheader')).toHaveTextContent('23\u200f/11\u200f/2026');
    expect(cells(busy)).toEqual(['1,234', '2', '2', '\u200f4,024.50\u00a0د.إ.\u200f', '3', '1', '1.5 س']);

    // Oldest day at the right, today at the left.
    const chart = screen.getByRole('region', { name: 'يومًا بيوم' }).querySelector('svg') as SVGElement;
    const [oldest, newest] = [...chart.querySelectorAll('.dashboard-chart-day')];
    expect(Number(oldest?.getAttribute('x'))).toBeGreaterThan(Number(newest?.getAttribute('x')));
    const bars = [...chart.querySelectorAll('.dashboard-chart-bar')].map((bar) => Number(bar.getAttribute('x')));
    // New users: 23 Nov, then today (lighter, the day is not over) further left.
    expect(bars).toHaveLength(2);
    expect(bars[1]).toBeLessThan(bars[0] as number);
    expect(chart.querySelectorAll('.dashboard-chart-bar.partial')).toHaveLength(1);
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let calls = 0;
    renderPage(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Server Error' } } : { body: { data: dashboard } };
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('a role without the dashboard', () => {
  it('is sent on to its sections, and the figures are not asked for', async () => {
    const sent = renderPage(undefined, ['reports.view']);
    expect(await screen.findByText(/Your role does not include the dashboard/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("a chart's top line", () => {
  it('is a round number at or above the highest bar: 1, 2 or 5 × 10ⁿ; a time in round minutes, hours or days', () => {
    expect([0, 1, 3, 7, 10, 11, 49, 51, 1234, 402_450].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 10, 20, 50, 100, 2000, 500_000,
    ]);
    const hour = 3600;
    const day = 24 * hour;
    expect(
      [40, 1000, 3000, 5000, 20 * hour, 30 * hour, 60 * hour, 4 * day, 20 * day, 45 * day].map(niceDuration),
    ).toEqual([60, 1800, hour, 2 * hour, day, 2 * day, 3 * day, 7 * day, 30 * day, 50 * day]);
  });
});
