import { encodeMessage, message, type ListingPhoto } from '@marketplace/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { photo, routedApi } from '../../test/selling-fixtures';
import { PhotoUploader } from './photo-uploader';

const api = routedApi();

function Uploader({ initial }: { initial: ListingPhoto[] }) {
  const [photos, setPhotos] = useState<readonly ListingPhoto[]>(initial);
  return <PhotoUploader listingId={5} photos={photos} onPhotosChange={(update) => setPhotos(update)} />;
}

function renderUploader(initial: ListingPhoto[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Uploader initial={initial} />
    </QueryClientProvider>,
  );
}

const jpeg = (name: string) => new File([new Uint8Array(100)], name, { type: 'image/jpeg' });
const images = () => screen.queryAllByRole('img').map((image) => image.getAttribute('alt'));

describe('the photo uploader', () => {
  it('uploads each chosen photo at once with its own progress bar, and shows it with the first as cover', async () => {
    let finish: () => void = () => undefined;
    const sent = api({
      'POST /api/listings/5/photos': ({ request }) =>
        new Promise((resolve) => {
          request.onUploadProgress?.({ loaded: 40, total: 100 });
          finish = () => resolve({ status: 201, body: { data: photo(31) } });
        }),
    });
    renderUploader();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Add photos'), jpeg('front.jpg'));
    const progress = await screen.findByRole('progressbar', { name: 'Uploading front.jpg' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    expect(sent[0]?.request.headers.get('Content-Type')).toBe('image/jpeg');
    finish();
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', photo(31).thumb);
    expect(screen.getByText('Cover')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a refused file was not added, and keeps the others', async () => {
    const unreadable = encodeMessage(message('profile.imageUnreadable'));
    let next = 40;
    api({
      'POST /api/listings/5/photos': ({ body }) => {
        const file = body as File;
        if (file.name === 'broken.jpg') {
          return { status: 422, body: { message: 'The given data was invalid.', errors: { photos: [unreadable] } } };
        }
        next += 1;
        return { status: 201, body: { data: photo(next) } };
      },
    });
    renderUploader();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Add photos'), [jpeg('good.jpg'), jpeg('broken.jpg'), jpeg('fine.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'broken.jpg was not added: The Image field could not be read as an image',
    );
    await waitFor(() => expect(images()).toEqual(['Photo 1', 'Photo 2']));
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const sent = api({});
    renderUploader();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Add photos'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt was not added: The Photos field must be an image',
    );
    expect(sent).toHaveLength(0);
  });

  it('reorders with the keyboard buttons and saves the new order', async () => {
    const sent = api({ 'PUT /api/listings/5/photos/order': () => ({ status: 204 }) });
    renderUploader([photo(1), photo(2), photo(3)]);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    await waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ photo_ids: [1, 3, 2] }]));
    const sources = screen.getAllByRole('img').map((image) => image.getAttribute('src'));
    expect(sources).toEqual([photo(1).thumb, photo(3).thumb, photo(2).thumb]);
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() => expect(sent.at(-1)?.body).toEqual({ photo_ids: [3, 1, 2] }));
    expect(screen.getByText('Photo moved to position 2 of 3.')).toBeInTheDocument();
  });
});
