import type { AdminCategory } from '@marketplace/contracts/staff';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { renderRoutes } from '../../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../../test/selling-fixtures';
import { CategoriesPage } from './categories-page';

const api = routedApi();

const category = (fields: Partial<AdminCategory> & Pick<AdminCategory, 'id' | 'slug' | 'name' | 'name_ar'>) => ({
  parent_id: null,
  icon: 'phone',
  position: 0,
  active_listings: 0,
  attributes: [],
  edited_at: null,
  trade_kind: 'items' as const,
  ...fields,
});

const tree: AdminCategory[] = [
  category({ id: 1, slug: 'electronics', name: 'Electronics', name_ar: 'الإلكترونيات' }),
  category({
    id: 2,
    slug: 'mobile-phones',
    name: 'Mobile phones',
    name_ar: 'هواتف محمولة',
    parent_id: 1,
    active_listings: 12,
    attributes: [
      {
        key: 'brand',
        type: 'enum',
        label: 'Brand',
        label_ar: 'العلامة التجارية',
        options: [{ value: 'apple', label: 'Apple', label_ar: 'أبل' }],
      },
    ],
  }),
  category({ id: 3, slug: 'laptops', name: 'Laptops', name_ar: 'حواسيب محمولة', parent_id: 1, position: 1 }),
];

/** The category page in Arabic, the phones' form open, and the fake API answering its save with `put`. */
async function editPhonesInArabic(put: (received: Received) => Reply) {
  const sent = api({
    'GET /api/admin/categories': () => ({ body: { data: tree } }),
    'PUT /api/admin/categories/2': put,
  });
  act(() => activateLocale('ar', arabic));
  renderRoutes([{ path: '/admin/categories', element: <CategoriesPage /> }], { path: '/admin/categories' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'تعديل Mobile phones' }));
  const form = screen.getByRole('form', { name: 'تعديل هواتف محمولة' });
  return { sent, user, form };
}

const puts = (sent: Received[]) => sent.filter((request) => request.method === 'PUT');

describe('the category edit form, in Arabic', () => {
  it('says each broken rule under its field in Arabic, tied to it, and sends nothing', async () => {
    const { sent, user, form } = await editPhonesInArabic(() => ({ status: 500 }));
    const name = within(form).getByLabelText(/الاسم بالإنجليزية/);
    const nameAr = within(form).getByLabelText(/الاسم بالعربية/);
    const position = within(form).getByLabelText(/الترتيب/);
    const label = within(form).getByLabelText(/^التسمية بالإنجليزية\s*\*?$/);
    await user.clear(name);
    await user.clear(nameAr);
    await user.type(nameAr, '   ');
    await user.clear(position);
    await user.type(position, '0');
    await user.clear(label);
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));

    expect(await within(form).findByText('حقل الاسم بالإنجليزية مطلوب')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('حقل الاسم بالإنجليزية مطلوب');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(nameAr).toHaveAccessibleDescription('حقل الاسم بالعربية مطلوب');
    expect(position).toHaveAccessibleDescription(expect.stringContaining('يجب ألا تقل قيمة الترتيب عن 1.'));
    expect(label).toHaveAccessibleDescription('حقل التسمية بالإنجليزية مطلوب');
    // The first field in error has the focus, for a keyboard user to fix it.
    expect(name).toHaveFocus();
    expect(puts(sent)).toEqual([]);
  });

  it('puts the server’s refusal of a parent under the parent field, in the words it sent', async () => {
    const refusal = 'لا يمكن نقل فئة تحت نفسها أو تحت إحدى فئاتها الفرعية.';
    const { sent, user, form } = await editPhonesInArabic(() => ({ status: 409, body: { message: refusal } }));
    const parent = within(form).getByLabelText('الفئة الرئيسية');
    // Neither the category itself nor anything under it is offered as its parent.
    const offered = within(parent)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['لا شيء: فئة عليا', 'الإلكترونيات', 'الإلكترونيات › حواسيب محمولة']);
    await user.selectOptions(parent, 'الإلكترونيات › حواسيب محمولة');
    // How its listings trade (issue 32): staff pick a rent.
    await user.selectOptions(
      within(form).getByLabelText('طريقة التعامل مع إعلاناتها'),
      'للإيجار: سعر سنوي أو شهري وتواصل ومعاينات',
    );
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));

    expect(await within(form).findByText(refusal)).toBeInTheDocument();
    expect(parent).toHaveAccessibleDescription(refusal);
    expect(parent).toHaveFocus();
    expect(puts(sent).map((request) => request.body)).toEqual([
      {
        name: 'Mobile phones',
        name_ar: 'هواتف محمولة',
        parent_id: 3,
        position: 1,
        trade_kind: 'rent',
        attributes: [
          {
            key: 'brand',
            label: 'Brand',
            label_ar: 'العلامة التجارية',
            options: [{ value: 'apple', label: 'Apple', label_ar: 'أبل' }],
          },
        ],
      },
    ]);
  });

  it('puts a field’s 422 from the server under that field (a choice’s label)', async () => {
    const problem = 'حقل التسمية بالعربية مطلوب';
    const { user, form } = await editPhonesInArabic(() => ({
      status: 422,
      body: { message: 'البيانات غير صالحة', errors: { 'attributes.0.options.0.label_ar': [problem] } },
    }));
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    const choice = within(form).getByLabelText(/التسمية بالعربية للخيار apple/);
    expect(await within(form).findByText(problem)).toBeInTheDocument();
    expect(choice).toHaveAccessibleDescription(problem);
    // The choices fold open by themselves, so the message is seen.
    expect(choice.closest('details')).toHaveAttribute('open');
  });
});
