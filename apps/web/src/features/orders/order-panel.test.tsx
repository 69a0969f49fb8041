import type { Profile, User } from '@marketplace/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listing, seller } from '../../test/catalogue-fixtures';
import { layla, renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { OrderPanel } from './order-panel';

const api = routedApi();

const profile: Profile = {
  first_name: 'Layla',
  last_name: 'Haddad',
  birthday: null,
  email: 'layla@example.com',
  avatar: null,
  neighborhoods: [],
  gender: null,
  account_type: 'individual',
  phone: '+971501234567',
  location_code: 'AE',
  timezone: 'Asia/Dubai',
  company: null,
  address: {
    flat_number: '12',
    building_name: 'Marina Tower',
    area: 'Dubai Marina',
    postal_code: null,
    phone: '501234567',
    phone_prefix: '+971',
    city_id: 1,
    region: null,
    street_address: null,
    city: { id: 1, name: 'Dubai', neighborhoods: [] },
  },
};

const cities = [
  { id: 1, name: 'Dubai', neighborhoods: [] },
  { id: 2, name: 'Sharjah', neighborhoods: [] },
];

const showPanel = (shown = listing({ negotiable: true, price_fils: 180_000 }), user: User | null = layla) =>
  renderRoutes(
    [
      { path: '/items/:id/:slug', element: <OrderPanel listing={shown} /> },
      { path: '/orders/:id', element: <h1>Order page</h1> },
    ],
    { path: '/items/5/iphone-13-128-gb', user },
  );

describe('Buy and Make an offer on the product page', () => {
  it('links the safety tips beside Buy and Make an offer, for a visitor too', () => {
    showPanel();
    expect(screen.getByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Safety tips: meet in public, pay on hand-over' })).toHaveAttribute(
      'href',
      '/safety',
    );
  });

  it('links the safety tips for a visitor beside Sign in to buy', () => {
    showPanel(listing(), null);
    expect(screen.getByRole('link', { name: 'Safety tips: meet in public, pay on hand-over' })).toHaveAttribute(
      'href',
      '/safety',
    );
  });

  it('sends a visitor to sign in and back', () => {
    showPanel(listing(), null);
    expect(screen.getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fitems%2F5%2Fiphone-13-128-gb',
    );
  });

  it('shows its seller neither, and nothing on a listing that is not active', () => {
    const { unmount } = showPanel(listing(), { ...layla, id: seller.id });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    showPanel(listing({ status: 'reserved', negotiable: true }));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers Make an offer only on a negotiable listing', () => {
    showPanel(listing({ negotiable: false }));
    expect(screen.getByRole('button', { name: 'Buy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('makes an offer delivered to the profile’s address, changed for this order, and opens the order', async () => {
    const sent = api({
      'GET /user/profile': () => ({ body: { data: profile } }),
      'GET /cities': () => ({ body: { data: cities } }),
      'POST /api/orders': () => ({ status: 201, body: { data: { id: 31 } } }),
    });
    const { router } = showPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    await user.type(await screen.findByRole('textbox', { name: /Your price/ }), '1,500');
    await user.click(screen.getByRole('radio', { name: /Delivery by the seller/ }));
    const building = screen.getByRole('textbox', { name: /Building/ });
    expect(building).toHaveValue('Marina Tower');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /City/ })).toHaveValue('1'));
    await user.clear(building);
    await user.type(building, 'Palm Villa 3');
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/31'));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      listing_id: 5,
      kind: 'offer',
      offer_fils: 150_000,
      delivery_method: 'delivery',
      note: null,
      client_key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) as string,
      delivery_address: {
        city_id: 1,
        area: 'Dubai Marina',
        building_name: 'Palm Villa 3',
        flat_number: '12',
        street_address: '',
        phone: '+971501234567',
      },
    });
  });

  it('shows a 422 at its field and a 409’s message above the buttons', async () => {
    let answer = 0;
    api({
      'GET /user/profile': () => ({ body: { data: profile } }),
      'GET /cities': () => ({ body: { data: cities } }),
      'POST /api/orders': () =>
        ++answer === 1
          ? {
              status: 422,
              body: { message: 'The given data was invalid.', errors: { offer_fils: ['The Price field is required'] } },
            }
          : { status: 409, body: { message: 'This listing cannot be ordered now.' } },
    });
    showPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    await user.click(await screen.findByRole('button', { name: 'Send the offer' }));
    const price = screen.getByRole('textbox', { name: /Your price/ });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription(/The Price field is required/);
    await user.type(price, '1500');
    await user.click(screen.getByRole('button', { name: 'Send the offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This listing cannot be ordered now.');
  });

  it('asks how many only when there is stock, and buys them at the listed price, picked up', async () => {
    const sent = api({
      'GET /user/profile': () => ({ body: { data: profile } }),
      'GET /cities': () => ({ body: { data: cities } }),
      'POST /api/orders': () => ({ status: 201, body: { data: { id: 32 } } }),
    });
    const { router } = showPanel(listing({ quantity: 5, pickup: true, delivery: false }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const quantity = await screen.findByRole('spinbutton', { name: /Quantity/ });
    expect(quantity).toHaveAccessibleDescription('5 units for sale');
    expect(screen.queryByRole('textbox', { name: /Your price/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Delivery/ })).not.toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Send the order request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/32'));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      listing_id: 5,
      kind: 'buy',
      quantity: 2,
      delivery_method: 'pickup',
      note: null,
      client_key: expect.any(String) as string,
    });
  });

  it('does not ask how many of a single item', async () => {
    api({
      'GET /user/profile': () => ({ body: { data: profile } }),
      'GET /cities': () => ({ body: { data: cities } }),
    });
    showPanel(listing({ quantity: 1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('button', { name: 'Send the order request' })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: /Quantity/ })).not.toBeInTheDocument();
  });
});
