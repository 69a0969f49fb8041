import { act, render, screen } from '@testing-library/react';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../lib/i18n/i18n-store';
import { RatingStars, ReviewStars } from './rating-stars';

const filled = (container: HTMLElement) => container.querySelector<HTMLElement>('.rating-stars-on');

describe('a rating in stars', () => {
  it('says the average and the count in words, the stars filled to the average', () => {
    const { container } = render(<RatingStars rating={{ average: 4.5, count: 12 }} compact />);
    const stars = screen.getByRole('img', { name: '4.5 out of 5, 12 reviews' });
    expect(stars).toHaveTextContent('4.5 (12)');
    expect(filled(container)?.style.width).toBe('90%');
    // Five stars are always drawn, filled or faint: the width never depends on the rating.
    expect(container.querySelector('.rating-stars-off')).toHaveTextContent('★★★★★');
    expect(filled(container)).toHaveTextContent('★★★★★');
  });

  it('says one review in the singular, and writes the sentence out beside the stars when not compact', () => {
    const { container } = render(<RatingStars rating={{ average: 3, count: 1 }} />);
    expect(screen.getByText('3 out of 5 · 1 review')).toBeVisible();
    expect(filled(container)?.style.width).toBe('60%');
    expect(container.querySelector('.rating-stars')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows nothing without reviews', () => {
    const { container } = render(<RatingStars rating={{ average: null, count: 0 }} compact />);
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks Arabic with its plural forms, the filled layer starting from the line’s start (the right)', () => {
    act(() => activateLocale('ar', arabic));
    const { container, rerender } = render(<RatingStars rating={{ average: 4.5, count: 12 }} compact />);
    expect(screen.getByRole('img', { name: /من 5، 12 مراجعة$/ })).toBeInTheDocument();
    rerender(<RatingStars rating={{ average: 4, count: 2 }} compact />);
    expect(screen.getByRole('img', { name: /من 5، مراجعتان$/ })).toBeInTheDocument();
    // Logical offsets (inset-inline-start in rating-stars.css): no left or right is set on the element.
    expect(filled(container)?.style.left).toBe('');
    expect(filled(container)?.style.right).toBe('');
  });

  it('gives one review its whole stars and their words', () => {
    const { container } = render(<ReviewStars rating={4} />);
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(filled(container)?.style.width).toBe('80%');
  });
});
