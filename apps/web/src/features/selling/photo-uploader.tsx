import { isUploadablePhotoType, LISTING_LIMITS, PHOTO_UPLOAD, type ListingPhoto } from '@marketplace/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { deleteListingPhoto, photosChanged, reorderListingPhotos, uploadListingPhoto } from './api/listing-changes';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { notify } from '../../lib/toasts/notify';

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

export interface PhotoUploaderProps {
  listingId: number;
  photos: readonly ListingPhoto[];
  onPhotosChange: (update: (photos: readonly ListingPhoto[]) => readonly ListingPhoto[]) => void;
  error?: string | undefined;
}

export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** 1-10 photos: each uploads as soon as it is chosen, with its own progress; the first is the cover. */
export function PhotoUploader({ listingId, photos, onPhotosChange, error }: PhotoUploaderProps) {
  const { t, text, dir } = useI18n();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(0);
  const dragged = useRef<number | null>(null);
  const count = useRef(photos.length);
  useLayoutEffect(() => {
    count.current = photos.length;
  });

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const upload = (file: File, key: number) => async () => {
    if (count.current >= LISTING_LIMITS.photosMax) {
      patch(key, { error: t('listing.photosTooMany', { max: LISTING_LIMITS.photosMax }) });
      return;
    }
    try {
      const photo = await uploadListingPhoto(listingId, file, {
        onProgress: (fraction) => patch(key, { progress: fraction }),
      });
      count.current += 1;
      onPhotosChange((list) => [...list, photo]);
      setUploads((list) => list.filter((item) => item.key !== key));
      void photosChanged(queryClient, listingId);
    } catch (failure) {
      const body = apiError(failure)?.body;
      patch(key, { error: text(body?.errors?.photos?.[0] ?? body?.message ?? t('shell.serverUnreachable')) });
    }
  };

  const add = (files: readonly File[]) => {
    for (const file of files) {
      nextKey.current += 1;
      const key = nextKey.current;
      // The server's rules, checked here only to spare a doomed upload.
      const refusal = !isUploadablePhotoType(file.type)
        ? t('rule.image', { field: t('listing.field.photos') })
        : file.size > PHOTO_UPLOAD.maxBytes
          ? t('rule.size', { field: t('listing.field.photos'), size: PHOTO_UPLOAD.maxBytes / 1024 })
          : undefined;
      setUploads((list) => [...list, { key, name: file.name, progress: 0, ...(refusal && { error: refusal }) }]);
      // One at a time, in the order chosen: the photos keep that order and the limit is counted right.
      if (!refusal) queue.current = queue.current.then(upload(file, key));
    }
  };

  // A photo pasted anywhere on the step is added too.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []).filter((file) => file.type.startsWith('image/'));
      if (files.length > 0) add(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  });

  const reorder = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const before = photos;
    const next = moved(photos, from, to);
    onPhotosChange(() => next);
    setAnnouncement(t('sell.photoMoved', { position: to + 1, count: next.length }));
    reorderListingPhotos(
      listingId,
      next.map((photo) => photo.id),
    ).then(
      () => void photosChanged(queryClient, listingId),
      (failure: unknown) => {
        onPhotosChange(() => before);
        notify.error(text(apiError(failure)?.body.message ?? t('shell.serverUnreachable')));
      },
    );
  };

  const remove = (photo: ListingPhoto) => {
    deleteListingPhoto(listingId, photo.id).then(
      () => {
        onPhotosChange((list) => list.filter((item) => item.id !== photo.id));
        void photosChanged(queryClient, listingId);
      },
      (failure: unknown) => notify.error(text(apiError(failure)?.body.message ?? t('shell.serverUnreachable'))),
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) add(files);
  };

  // Earlier is toward the start of the line: left in English, right in Arabic.
  const [earlierArrow, laterArrow] = dir === 'rtl' ? ['→', '←'] : ['←', '→'];

  return (
    <div>
      <p id={`${inputId}-hint`} className="form-text">
        {t('sell.photosHint', { max: LISTING_LIMITS.photosMax })}
      </p>
      <div
        className={`sell-dropzone border rounded p-3 mb-3 text-center${dragOver ? ' border-primary bg-body-tertiary' : ''}`}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) {
            event.preventDefault();
            setDragOver(true);
          }
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} className="btn btn-outline-primary">
          {t('sell.addPhotos')}
        </label>
        <input
          id={inputId}
          type="file"
          accept={PHOTO_UPLOAD.types.join(',')}
          multiple
          className="visually-hidden"
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          disabled={photos.length >= LISTING_LIMITS.photosMax}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <p className="mb-0 mt-2 small text-body-secondary">{t('sell.dropPhotos')}</p>
      </div>
      {error && (
        <div id={`${inputId}-error`} className="invalid-feedback d-block mb-2">
          {text(error)}
        </div>
      )}
      {uploads.length > 0 && (
        <ul className="list-unstyled" aria-label={t('sell.uploads')}>
          {uploads.map((item) => (
            <li key={item.key} className="mb-2">
              <div className="small text-break" dir="auto">
                {item.name}
              </div>
              {item.error ? (
                <div className="d-flex align-items-start gap-2">
                  <div className="text-danger small flex-grow-1" role="alert">
                    {t('sell.uploadFailed', { name: item.name, reason: item.error })}
                  </div>
                  <button
                    type="button"
                    className="btn btn-sm btn-link p-0"
                    onClick={() => setUploads((list) => list.filter((upload) => upload.key !== item.key))}
                  >
                    {t('sell.dismiss')}
                  </button>
                </div>
              ) : (
                <div
                  className="progress"
                  role="progressbar"
                  aria-label={t('sell.uploading', { name: item.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(item.progress * 100)}
                >
                  <div className="progress-bar" style={{ width: `${Math.round(item.progress * 100)}%` }} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ol className="sell-photos list-unstyled" aria-label={t('listing.field.photos')}>
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            className="sell-photo border rounded p-2"
            draggable
            onDragStart={(event) => {
              dragged.current = index;
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragged.current !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              if (dragged.current === null) return;
              event.preventDefault();
              event.stopPropagation();
              reorder(dragged.current, index);
              dragged.current = null;
            }}
            onDragEnd={() => (dragged.current = null)}
          >
            <div className="position-relative">
              <img
                src={photo.thumb}
                alt={t('sell.photoAlt', { position: index + 1 })}
                width={160}
                height={Math.round((160 * photo.height) / Math.max(1, photo.width))}
                className="img-fluid rounded"
                style={{ backgroundImage: `url(${photo.placeholder})`, backgroundSize: 'cover' }}
              />
              {index === 0 && (
                <span className="badge text-bg-primary position-absolute top-0 start-0 m-1">{t('sell.cover')}</span>
              )}
              <span
                className="sell-photo-handle position-absolute top-0 end-0 m-1 badge text-bg-light"
                aria-hidden="true"
              >
                ⠿
              </span>
            </div>
            <div className="d-flex gap-1 mt-2 justify-content-between">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={index === 0}
                aria-label={t('sell.moveEarlier', { position: index + 1 })}
                onClick={() => reorder(index, index - 1)}
              >
                {earlierArrow}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('sell.removePhoto', { position: index + 1 })}
                onClick={() => remove(photo)}
              >
                ✕
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={index === photos.length - 1}
                aria-label={t('sell.moveLater', { position: index + 1 })}
                onClick={() => reorder(index, index + 1)}
              >
                {laterArrow}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
