import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n/i18n-store';
import { photo } from '../../../test/catalogue-fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { ListingGallery } from './listing-gallery';

const photos = [photo(1), photo(2), photo(3)];
const renderGallery = () =>
  renderRoutes([{ path: '*', element: <ListingGallery photos={photos} title="Blue bicycle" /> }]);
const shown = () => screen.getAllByRole('img', { name: 'Blue bicycle' })[0];

describe('ListingGallery', () => {
  it('shows the first photo large and moves with Next and Previous, round the ends', async () => {
    renderGallery();
    expect(shown()).toHaveAttribute('src', '/media/1-full.jpg');
    expect(screen.getByText('Photo 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toHaveAttribute('src', '/media/2-full.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toHaveAttribute('src', '/media/3-full.jpg');
  });

  it('jumps to a photo from its thumbnail', async () => {
    renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'Photo 3 of 3' }));
    expect(shown()).toHaveAttribute('src', '/media/3-full.jpg');
    expect(screen.getByRole('button', { name: 'Photo 3 of 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('follows the arrow keys and a swipe', () => {
    renderGallery();
    const stage = screen.getByLabelText('Photo 1 of 3', { selector: 'div' });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(shown()).toHaveAttribute('src', '/media/2-full.jpg');
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 200 });
    expect(shown()).toHaveAttribute('src', '/media/3-full.jpg');
    // A short drag is not a swipe.
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 280 });
    expect(shown()).toHaveAttribute('src', '/media/3-full.jpg');
  });

  it('reads right to left in Arabic: the left arrow key and a swipe to the right bring the next photo', () => {
    activateLocale('ar', arabic);
    renderGallery();
    const stage = screen.getByLabelText(/^الصورة .+ من .+$/, { selector: 'div' });
    fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    expect(shown()).toHaveAttribute('src', '/media/2-full.jpg');
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 200 });
    expect(shown()).toHaveAttribute('src', '/media/3-full.jpg');
    expect(screen.getByRole('button', { name: 'الصورة التالية' })).toHaveClass('listing-gallery-next');
  });
});
