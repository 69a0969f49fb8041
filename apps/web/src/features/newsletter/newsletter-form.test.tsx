import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEWSLETTER_API } from '@marketplace/contracts/newsletter-essentials';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/i18n-store';
import { renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { NewsletterForm } from './newsletter-form';
import { NewsletterPage } from './newsletter-page';

const api = routedApi();
const SUBSCRIBE = 'POST /api/newsletter/subscriptions';
const encoded = (key: string, values?: object) => JSON.stringify({ key, ...(values && { values }) });

describe('NewsletterForm', () => {
  it('sends the address and the reader’s language, then says to confirm from the e-mail', async () => {
    const sent = api({ [SUBSCRIBE]: () => ({ status: 202, body: { data: { received: true } } }) });
    renderRoutes([{ path: '*', element: <NewsletterForm /> }], { user: null });
    expect(screen.getByRole('combobox', { name: 'Language of the e-mails' })).toHaveValue('en');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail for the newsletter' }), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('open the e-mail we just sent and confirm');
    expect(sent.map((request) => request.body)).toEqual([{ email: 'reader@example.com', locale: 'en' }]);
  });

  it('shows the server’s refusal under the address, and the limit’s message', async () => {
    api({
      [SUBSCRIBE]: ({ body }) =>
        (body as { email: string }).email === 'nope'
          ? {
              status: 422,
              body: {
                message: 'The given data was invalid.',
                errors: { email: [encoded('laravel.email', { attribute: { key: 'attribute.email' } })] },
              },
            }
          : {
              status: 429,
              body: {
                message: 'Too many sign-ups for this address.',
                errors: { email: [encoded('newsletter.tooManyFromAddress', { seconds: 60 })] },
              },
            },
    });
    renderRoutes([{ path: '*', element: <NewsletterForm /> }], { user: null });
    const address = screen.getByRole('textbox', { name: 'E-mail for the newsletter' });
    await userEvent.type(address, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('The email field must be a valid email address.')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(address);
    await userEvent.type(address, 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/Too many sign-ups for this address. Try again in 60 seconds/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('speaks Arabic and picks Arabic e-mails for an Arabic reader; the language can be changed', async () => {
    const sent = api({
      [SUBSCRIBE]: () => ({ status: 202, body: { data: { received: true } } }),
      [`GET ${NEWSLETTER_API.archive}`]: () => ({ body: { data: [] } }),
    });
    act(() => activateLocale('ar', arabic));
    renderRoutes([{ path: '*', element: <NewsletterPage /> }], { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'النشرة البريدية للسوق' })).toBeInTheDocument();
    const language = screen.getByRole('combobox', { name: 'لغة الرسائل' });
    expect(language).toHaveValue('ar');
    await userEvent.type(screen.getByRole('textbox', { name: 'بريدك لتلقي النشرة' }), 'reader@example.com');
    await userEvent.selectOptions(language, 'en');
    await userEvent.click(screen.getByRole('button', { name: 'اشترك' }));
    expect(await screen.findByRole('status')).toHaveTextContent('بقيت خطوة');
    const subscriptions = sent.filter((request) => request.method === 'POST');
    expect(subscriptions.map((request) => request.body)).toEqual([{ email: 'reader@example.com', locale: 'en' }]);
  });
});
