import { encodeMessage, message, type ListingChangesRequest } from '@marketplace/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { layla, renderRoutes } from '../../test/render-routes';
import { categories, cities, draft, photo, routedApi } from '../../test/selling-fixtures';
import { SellPage } from './sell-page';

const api = routedApi();

function renderWizard(
  step: string,
  listing = draft(),
  patch: (body: ListingChangesRequest) => { status?: number; body?: unknown } = () => ({}),
) {
  let current = listing;
  const sent = api({
    'GET /api/listings/5': () => ({ body: { data: current } }),
    'GET /api/categories': () => ({ body: { data: categories } }),
    'GET /cities': () => ({ body: { data: cities } }),
    'PATCH /api/listings/5': ({ body }) => {
      const changes = body as ListingChangesRequest;
      const reply = patch(changes);
      if (reply.status && reply.status >= 400) return reply;
      current = { ...current, ...(changes as object) };
      return { body: { data: current } };
    },
  });
  const view = renderRoutes([{ path: '/items/:id/edit', element: <SellPage /> }], {
    path: step ? `/items/5/edit?step=${step}` : '/items/5/edit',
    user: layla,
  });
  return { ...view, sent, patches: () => sent.filter((request) => request.method === 'PATCH') };
}

describe('the listing wizard', () => {
  it('saves a draft by itself, sending only the fields that changed, once typing pauses', async () => {
    const { patches } = renderWizard('details');
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.type(title, 'iPhone 13');
    expect(patches()).toHaveLength(0);
    await waitFor(() => expect(patches()).toHaveLength(1), { timeout: 3000 });
    expect(patches()[0]?.body).toEqual({ title: 'iPhone 13' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: /Brand/ }), 'apple');
    await waitFor(() => expect(patches()).toHaveLength(2), { timeout: 3000 });
    expect(patches()[1]?.body).toEqual({ attributes: { brand: 'apple' } });
  });

  it('shows the server’s refusal under the field and keeps what was typed', async () => {
    const tooLong = encodeMessage(message('rule.max', { field: message('listing.field.title'), length: 120 }));
    renderWizard('details', draft(), () => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { title: [tooLong] } },
    }));
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.type(title, 'A title the server refuses');
    await waitFor(() => expect(title).toHaveAccessibleDescription(/may not be greater than 120 characters/), {
      timeout: 3000,
    });
    expect(title).toHaveValue('A title the server refuses');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText("Couldn't save.", { exact: false })).toBeInTheDocument();
  });

  it('lists on the review step what is still missing, each with a link to its step', async () => {
    renderWizard('review', draft({ title: 'iPhone 13 128 GB', condition: 'good' }));
    const missing = await screen.findByRole('list', { name: 'Still missing' });
    const items = within(missing).getAllByRole('listitem');
    const text = items.map((item) => item.textContent);
    expect(text.some((line) => line?.includes('Add at least one photo.'))).toBe(true);
    expect(text.some((line) => line?.includes('The Description field is required'))).toBe(true);
    expect(text.some((line) => line?.includes('The Brand field is required'))).toBe(true);
    expect(text.some((line) => line?.includes('Title'))).toBe(false);
    expect(within(missing).getAllByRole('link', { name: 'Go to Photos' })[0]).toHaveAttribute(
      'href',
      '/items/5/edit?step=photos',
    );
  });

  it('opens a draft where it stopped: the first step with something missing, and stays there while typing', async () => {
    renderWizard('');
    expect(await screen.findByRole('heading', { name: 'Details', level: 2 })).toBeInTheDocument();
    cleanup();

    const described = draft({
      title: 'iPhone 13 128 GB',
      description: 'Bought in 2022, always in a case, with its charger and the box.',
      condition: 'good',
      attributes: { brand: 'apple' },
    });
    renderWizard('', described);
    expect(await screen.findByRole('heading', { name: 'Photos', level: 2 })).toBeInTheDocument();
    cleanup();

    renderWizard('', { ...described, photos: [photo(1)], price_fils: 180_000 });
    expect(await screen.findByRole('heading', { name: 'Review and publish', level: 2 })).toBeInTheDocument();
  });

  it('keeps the step in the address and moves focus to its heading', async () => {
    const { router } = renderWizard('details');
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: /Title/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { name: 'Photos', level: 2 });
    expect(router.state.location.search).toBe('?step=photos');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('saves a live listing only on Save changes, and shows why a change is refused', async () => {
    const live = draft({
      status: 'active',
      title: 'iPhone 13 128 GB',
      price_fils: 180_000,
      actions: ['edit', 'pause'],
    });
    const notValid = encodeMessage(message('rule.default', { field: message('listing.field.price') }));
    const { patches } = renderWizard('price', live, () => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { price_fils: [notValid] } },
    }));
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: /Price/ });
    expect(price).toHaveValue('1800');
    await user.clear(price);
    await user.type(price, '1650');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(patches()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]?.body).toEqual({ price_fils: 165_000 });
    await waitFor(() => expect(price).toHaveAccessibleDescription('Price is not valid.'));
    expect(price).toHaveValue('1650');
  });
});
