import { encodeMessage, message, type NotificationSetting } from '@marketplace/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../test/notification-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../test/selling-fixtures';
import { NotificationSettingsPage } from './notification-settings-page';

const api = routedApi();

/** The server's settings: a PUT changes the switches it names and answers them all. */
function serve(put?: (received: Received) => Reply) {
  let rows: NotificationSetting[] = defaultSettings();
  const sent = api({
    'GET /api/notifications/settings': () => ({ body: { data: rows } }),
    'PUT /api/notifications/settings': (received) => {
      if (put) return put(received);
      const { settings } = received.body as { settings: Partial<NotificationSetting>[] };
      rows = rows.map((row) => {
        const change = settings.find((setting) => setting.category === row.category);
        return change ? { ...row, ...change } : row;
      });
      return { body: { data: rows } };
    },
  });
  renderRoutes([{ path: '/account/notifications', element: <NotificationSettingsPage /> }], {
    path: '/account/notifications',
    user: layla,
  });
  return sent;
}

describe('/account/notifications', () => {
  it('shows a switch per category and channel, as the server has them', async () => {
    serve();
    expect(screen.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeInTheDocument();
    expect(screen.getByText('E-mails go to layla@example.com.')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'E-mail for Orders' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'In the app for Orders' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'E-mail for News and offers' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'In the app for News and offers' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(12);
  });

  it('keeps account e-mails on, and says why', async () => {
    serve();
    const locked = await screen.findByRole('switch', { name: 'E-mail for Account and security' });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    expect(locked).toHaveAccessibleDescription('Account e-mails (password and security) cannot be turned off.');
    expect(screen.getByRole('switch', { name: 'In the app for Account and security' })).toBeEnabled();
  });

  it('saves a switch as soon as it is flipped, and says it is saved', async () => {
    const sent = serve();
    const email = await screen.findByRole('switch', { name: 'E-mail for Orders' });
    await userEvent.click(email);
    expect(email).not.toBeChecked();
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { settings: [{ category: 'orders', email: false }] },
    ]);

    await userEvent.click(screen.getByRole('switch', { name: 'In the app for News and offers' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'In the app for News and offers' })).toBeChecked());
    expect(sent.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({
      settings: [{ category: 'news', in_app: true }],
    });
  });

  it('puts the switch back and shows the server’s reason when a save is refused', async () => {
    serve(() => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { 'settings.0.email': [encodeMessage(message('notifications.accountEmailRequired'))] },
      },
    }));
    const email = await screen.findByRole('switch', { name: 'E-mail for Messages' });
    await userEvent.click(email);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: Account e-mails (password and security) cannot be turned off.',
    );
    expect(email).toBeChecked();
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('says when the settings could not be loaded', async () => {
    api({ 'GET /api/notifications/settings': () => ({ status: 500, body: { message: 'Server Error' } }) });
    renderRoutes([{ path: '/account/notifications', element: <NotificationSettingsPage /> }], {
      path: '/account/notifications',
      user: layla,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your notification settings could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
