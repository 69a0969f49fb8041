import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';
import placeholder from './avatar-placeholder.svg';

describe('Avatar', () => {
  it('shows the given picture, round, at the given size', () => {
    render(<Avatar src="/media/avatars/layla.webp" alt="Layla Haddad" size={80} />);
    const image = screen.getByRole('img', { name: 'Layla Haddad' });
    expect(image).toHaveAttribute('src', '/media/avatars/layla.webp');
    expect(image).toHaveAttribute('width', '80');
    expect(image).toHaveAttribute('height', '80');
    expect(image).toHaveClass('rounded-circle');
  });

  it('shows the placeholder picture when the user has none', () => {
    render(<Avatar src={null} alt="Your picture" size={32} />);
    expect(screen.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', placeholder);
  });

  it('falls back to the placeholder when the picture cannot be loaded', () => {
    render(<Avatar src="/media/avatars/gone.webp" alt="Omar" />);
    const image = screen.getByRole('img', { name: 'Omar' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', placeholder);
  });

  it('is 80px by default, as on the profile', () => {
    render(<Avatar alt="Default size" />);
    expect(screen.getByRole('img', { name: 'Default size' })).toHaveAttribute('width', '80');
  });
});
