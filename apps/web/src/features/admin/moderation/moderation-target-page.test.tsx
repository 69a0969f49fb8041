import type { StaffRole } from '@marketplace/contracts/staff';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { layla, renderRoutes } from '../../../test/render-routes';
import { routedApi, type Reply } from '../../../test/selling-fixtures';
import { AtTheDesk, reportedListing } from './moderation-fixtures';
import { ModerationTargetPage } from './moderation-target-page';

const api = routedApi();

function renderTarget({
  target = reportedListing(),
  act: answer,
  role,
  path = '/admin/moderation/listing/5',
}: {
  target?: ReturnType<typeof reportedListing>;
  act?: (body: unknown) => Reply;
  role?: StaffRole;
  path?: string;
} = {}) {
  const sent = api({
    [`GET ${path.replace('/admin', '/api/admin')}`]: () => ({ body: target }),
    ...(answer && { [`POST ${path.replace('/admin', '/api/admin')}/actions`]: ({ body }) => answer(body) }),
  });
  renderRoutes(
    [
      {
        path: '/admin/moderation/:type/:id',
        element: (
          <AtTheDesk {...(role && { role })}>
            <ModerationTargetPage />
          </AtTheDesk>
        ),
      },
    ],
    { path, user: layla },
  );
  return { actions: () => sent.filter((request) => request.method === 'POST').map((request) => request.body) };
}

const form = () => screen.getByRole('form', { name: 'Act' });
const reasonOptions = () =>
  within(screen.getByRole('combobox', { name: 'Reason' }))
    .getAllByRole('option')
    .map((option) => option.getAttribute('value'));

describe('a reported target’s screen', () => {
  it('shows the target, its owner, and each report with its reason in words and its details as text', async () => {
    renderTarget();
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13 <b>cheap</b>' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open its public page' })).toHaveAttribute('href', '/items/5/iphone-13');
    const summary = screen.getByRole('region', { name: 'What was reported' });
    expect(summary).toHaveTextContent('Omar S. <omar@example.com>');
    expect(within(summary).getByRole('link', { name: 'Their account in the back-office' })).toHaveAttribute(
      'href',
      '/admin/users/7',
    );
    expect(summary).toHaveTextContent('live');
    expect(summary).toHaveTextContent('Not suspended');
    const reports = within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports[0]).toHaveTextContent('It looks like a scam, reported by Layla H.');
    expect(reports[0]).toHaveTextContent('Asks for a deposit by bank transfer <script>alert(1)</script>');
    expect(reports[1]).toHaveTextContent('The item is counterfeit, reported by a deleted account');
    expect(document.querySelector('script, b')).toBeNull();
    const others = screen.getByRole('list', { name: 'The owner’s other reports' });
    expect(within(others).getByRole('link', { name: 'Omar S.' })).toHaveAttribute('href', '/admin/moderation/user/7');
    expect(others).toHaveTextContent('1 open, 2 in all');
  });

  it('shows a conversation’s reported messages as they were, each with its sender, as text', async () => {
    renderTarget({
      path: '/admin/moderation/conversation/12',
      target: reportedListing({
        type: 'conversation',
        id: 12,
        title: 'iPhone 13',
        path: null,
        actions: ['dismiss', 'warn', 'suspend'],
        reports: [
          {
            id: 4,
            reporter: { id: 42, name: 'Layla H.' },
            reason: 'He keeps insulting me',
            details: null,
            created_at: Date.UTC(2026, 10, 25, 9, 30),
            resolved_at: null,
            outcome: null,
            messages: [
              {
                id: 100,
                sender: { id: 7, name: 'Omar S.' },
                body: 'Pay first <img src=x onerror=alert(1)>',
                kind: 'text',
                created_at: Date.UTC(2026, 10, 25, 9, 0),
              },
            ],
          },
        ],
      }),
    });
    const messages = await screen.findByRole('list', { name: 'The reported messages, as they were when reported' });
    expect(messages).toHaveTextContent('Omar S.');
    expect(messages).toHaveTextContent('Pay first <img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('He keeps insulting me')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Remove the listing' })).not.toBeInTheDocument();
  });

  it('offers only the actions the target allows, and for each only its own reasons', async () => {
    renderTarget();
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Act' });
    expect(
      within(form())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['dismiss', 'remove', 'warn', 'suspend']);
    await user.click(screen.getByRole('radio', { name: 'Dismiss the reports' }));
    expect(reasonOptions()).toEqual(['', 'no_violation', 'not_enough_evidence', 'already_handled', 'other']);
    await user.click(screen.getByRole('radio', { name: 'Warn the owner' }));
    expect(reasonOptions()).toEqual([
      '',
      'scam',
      'prohibited',
      'counterfeit',
      'misleading',
      'duplicate',
      'offensive',
      'harassment',
      'spam',
      'impersonation',
      'other',
    ]);
    expect(screen.getByRole('option', { name: 'a counterfeit item' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'For how long' })).not.toBeInTheDocument();
  });

  it('asks before removing; Cancel sends nothing, and once done the screen shows the new state and says so', async () => {
    const removed = reportedListing({
      state: 'removed',
      moderation_reason: 'scam',
      actions: ['restore', 'warn', 'suspend'],
      reports: reportedListing().reports.map((report) => ({
        ...report,
        resolved_at: Date.UTC(2026, 10, 26, 10, 0),
        outcome: 'removed',
      })),
      history: [
        {
          id: 1,
          actor: 'Mona Staff',
          action: 'listing.remove',
          reason: 'scam',
          note: 'Same photos as listing 4',
          created_at: Date.UTC(2026, 10, 26, 10, 0),
        },
      ],
    });
    const { actions } = renderTarget({ act: () => ({ body: removed }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Remove the listing' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'a scam');
    await user.click(within(form()).getByRole('button', { name: 'Remove the listing' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove “iPhone 13 <b>cheap</b>”?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(actions()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Note for staff (optional)' }), '  Same photos as listing 4 ');
    await user.click(within(form()).getByRole('button', { name: 'Remove the listing' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove the listing' }));
    expect(await screen.findByText('The listing was removed.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The listing was removed.');
    expect(actions()).toEqual([{ action: 'remove', reason: 'scam', note: 'Same photos as listing 4' }]);
    expect(screen.getByText('removed by a moderator: a scam')).toBeInTheDocument();
    expect(
      within(form())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['restore', 'warn', 'suspend']);
    const history = screen.getByRole('list', { name: 'History' });
    expect(history).toHaveTextContent('Mona Staff: Removed a listing');
    expect(history).toHaveTextContent('Reason: a scam');
    expect(history).toHaveTextContent('Note: Same photos as listing 4');
  });

  it('suspends for a period or for good, after asking', async () => {
    const { actions } = renderTarget({ act: () => ({ body: reportedListing() }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Suspend the owner' }));
    const period = screen.getByRole('combobox', { name: 'For how long' });
    expect(
      within(period)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 day', '3 days', '7 days', '30 days', '90 days', 'For good']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'harassment');
    await user.selectOptions(period, 'For good');
    await user.click(within(form()).getByRole('button', { name: 'Suspend the owner' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Suspend Omar S.?' });
    await user.click(within(confirm).getByRole('button', { name: 'Suspend the owner' }));
    expect(await screen.findByText('The owner was suspended.')).toBeInTheDocument();
    expect(actions()).toEqual([{ action: 'suspend', reason: 'harassment', note: null, days: null }]);
  });

  it('in Arabic: a missing reason, and the server’s field errors, under their fields', async () => {
    act(() => activateLocale('ar', arabic));
    renderTarget({
      act: () => ({
        status: 422,
        body: { message: 'الملاحظة طويلة جدًا.', errors: { note: ['الملاحظة طويلة جدًا.'] } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'تنبيه المالك' }));
    await user.click(screen.getByRole('button', { name: 'تنبيه المالك' }));
    const reason = screen.getByRole('combobox', { name: 'السبب' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/اختر سببًا\.$/);
    expect(reason).toHaveFocus();

    await user.selectOptions(reason, 'spam');
    await user.click(screen.getByRole('button', { name: 'تنبيه المالك' }));
    const note = await screen.findByRole('textbox', { name: 'ملاحظة للموظفين (اختيارية)' });
    await expect.poll(() => note.getAttribute('aria-invalid')).toBe('true');
    expect(note).toHaveAccessibleDescription(/الملاحظة طويلة جدًا\.$/);
    expect(reason).not.toHaveAttribute('aria-invalid');
  });

  it('says what the server said when someone acted first (409), and keeps the form', async () => {
    renderTarget({
      act: () => ({ status: 409, body: { message: 'Another moderator has already acted on these reports.' } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Dismiss the reports' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'no rule was broken');
    await user.click(within(form()).getByRole('button', { name: 'Dismiss the reports' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'Another moderator has already acted on these reports.',
    );
    expect(screen.getByRole('combobox', { name: 'Reason' })).toHaveValue('no_violation');
  });

  it('lets support read the reports, not act on them', async () => {
    renderTarget({ role: 'support' });
    expect(await screen.findByText('Your role can read reports but not act on them.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Act' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Reports' })).toBeInTheDocument();
  });
});
