import type { Category } from '@marketplace/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryStep, searchable } from './category-step';

const category = (id: number, name: string, parent_id: number | null = null): Category =>
  ({
    id,
    name,
    parent_id,
    slug: `c${id}`,
    icon: 'tag',
    position: id,
    listing_count: 0,
    attributes: [],
  }) as unknown as Category;

const english = [
  category(1, 'Electronics'),
  category(2, 'Mobile phones', 1),
  category(3, 'Laptops', 1),
  category(4, 'Kids and baby'),
  category(5, 'Toys', 4),
  category(6, 'Books'),
];
const arabic = [
  category(1, 'الإلكترونيات'),
  category(2, 'هواتف محمولة', 1),
  category(3, 'حواسيب محمولة', 1),
  category(4, 'الأطفال والرضّع'),
  category(5, 'ألعاب', 4),
  category(6, 'كتب'),
];

function show(categories: Category[], value: number | null = null) {
  const onPick = vi.fn();
  render(<CategoryStep categories={categories} value={value} onPick={onPick} />);
  return onPick;
}

describe('the category picker', () => {
  it('is a tree: parents open and close their children, a leaf is picked', async () => {
    const onPick = show(english);
    const user = userEvent.setup();
    const electronics = screen.getByRole('button', { name: 'Electronics' });
    expect(electronics).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Mobile phones' })).not.toBeInTheDocument();
    // A category without children is picked at once.
    expect(screen.getByRole('button', { name: 'Books' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(electronics);
    expect(electronics).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(electronics.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByRole('button', { name: 'Mobile phones' }),
    );
    await user.click(screen.getByRole('button', { name: 'Mobile phones' }));
    expect(onPick).toHaveBeenCalledWith(2);
    await user.click(electronics);
    expect(screen.queryByRole('button', { name: 'Mobile phones' })).not.toBeInTheDocument();
  });

  it('works from the keyboard: Tab, Enter and Space, and the arrow keys between the rows', async () => {
    const onPick = show(english);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Electronics' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Mobile phones' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Laptops' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Books' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mobile phones' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onPick).toHaveBeenCalledWith(2);
  });

  it('opens on the chosen category, and says which it is', () => {
    show(english, 5);
    expect(screen.getByText('Chosen: Kids and baby › Toys')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kids and baby' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Toys' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches by name, opening what matches; a parent that matches keeps all its children', async () => {
    show(english);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search categories' });
    await user.type(search, 'PHONES');
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Mobile phones' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Laptops' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Books' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'kids');
    expect(screen.getByRole('button', { name: 'Toys' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'sofa');
    expect(screen.getByRole('status')).toHaveTextContent('No category matches. Try another word.');
  });

  it('searches Arabic names whatever their hamza, short vowels and final letters', async () => {
    const onPick = show(arabic);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search categories' });
    await user.type(search, 'هواتف');
    await user.click(screen.getByRole('button', { name: 'هواتف محمولة' }));
    expect(onPick).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('button', { name: 'حواسيب محمولة' })).not.toBeInTheDocument();
    // الاطفال والرضع, typed without hamza or shadda, finds الأطفال والرضّع.
    await user.clear(search);
    await user.type(search, 'الاطفال والرضع');
    expect(screen.getByRole('button', { name: 'ألعاب' })).toBeInTheDocument();
  });

  it('compares names as a search should', () => {
    expect(searchable('  Café ')).toBe('cafe');
    expect(searchable('إلكترونيات')).toBe(searchable('الكترونيات'));
    expect(searchable('الرضّع')).toBe('الرضع');
    expect(searchable('مكتبة')).toBe(searchable('مكتبه'));
    expect(searchable('مستشفى')).toBe(searchable('مستشفي'));
    expect(searchable('كـتـب')).toBe('كتب');
  });
});
