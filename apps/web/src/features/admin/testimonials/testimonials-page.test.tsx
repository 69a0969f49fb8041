import type { AdminTestimonial } from '@marketplace/contracts/testimonials';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastOutlet } from '../../../lib/toasts/toast-outlet';
import { renderRoutes } from '../../../test/render-routes';
import { routedApi } from '../../../test/selling-fixtures';
import { TestimonialsPage } from './testimonials-page';

const api = routedApi();

const noor: AdminTestimonial = {
  id: 7,
  quote: 'Sold my bike in a day.',
  quote_ar: 'بعت دراجتي في يوم.',
  name: 'Noor Saleh',
  name_ar: 'نور صالح',
  city: 'Dubai',
  city_ar: 'دبي',
  role: 'seller',
  photo: null,
  position: 1,
  published: true,
  updated_at: Date.UTC(2026, 10, 1),
};

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/admin/testimonials',
        element: (
          <>
            <TestimonialsPage />
            <ToastOutlet />
          </>
        ),
      },
    ],
    { path: '/admin/testimonials' },
  );

describe('the testimonials screen', () => {
  it('lists them in order, unpublishes one, and edits another’s place with the form’s rules first', async () => {
    const sent = api({
      'GET /api/admin/testimonials': () => ({ body: { data: [noor] } }),
      'PUT /api/admin/testimonials/7': () => ({ body: { data: { ...noor, published: false } } }),
    });
    renderPage();
    expect(await screen.findByText('1. Noor Saleh')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unpublish Noor Saleh' }));
    expect(await screen.findByText('Testimonial saved')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ published: false, position: 1 });

    await user.click(screen.getByRole('button', { name: 'Edit Noor Saleh' }));
    const form = screen.getByRole('form', { name: 'Edit testimonial' });
    const position = within(form).getByRole('spinbutton', { name: /Position/ });
    await user.clear(position);
    await user.type(position, '1001');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/at most 1000|1000/)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('moves one up or down past its neighbour (first has no up, last no down)', async () => {
    const omar: AdminTestimonial = { ...noor, id: 8, name: 'Omar Farouk', name_ar: 'عمر فاروق', position: 2 };
    let list = [noor, omar];
    const sent = api({
      'GET /api/admin/testimonials': () => ({ body: { data: list } }),
      'POST /api/admin/testimonials/7/move': () => {
        list = [
          { ...omar, position: 1 },
          { ...noor, position: 2 },
        ];
        return { body: { data: list } };
      },
    });
    renderPage();
    expect(await screen.findByText('1. Noor Saleh')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Noor Saleh up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Omar Farouk down' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Move Noor Saleh down' }));
    expect(await screen.findByText('Noor Saleh moved')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ direction: 'down' });
    expect(await screen.findByText('2. Noor Saleh')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Noor Saleh up' })).toBeEnabled();
  });
});
