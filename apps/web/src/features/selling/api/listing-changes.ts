import {
  CATALOGUE_ROUTES,
  listingPhotoResponseSchema,
  listingResponseSchema,
  type Listing,
  type ListingChangesRequest,
  type ListingPhoto,
} from '@marketplace/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { listingQueryKey } from '../../../lib/api/get-listing';
import { ownListingsQueryKey } from './own-listings';

/** A listing changed: its own page takes the server's answer, every grid and My listings ask again. */
async function changed(queryClient: QueryClient, listing: Listing | { id: number }) {
  if ('status' in listing) queryClient.setQueryData(listingQueryKey(listing.id), listing);
  else await queryClient.invalidateQueries({ queryKey: listingQueryKey(listing.id) });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ownListingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['catalogue', 'listings'] }),
    queryClient.invalidateQueries({ queryKey: ['catalogue', 'categories'] }),
  ]);
}

const parseListing = (data: unknown): Listing => listingResponseSchema.parse(data).data;

/** POST /api/listings: a new draft, in `categoryId` when the seller already chose one. */
export async function createDraft(categoryId: number | null): Promise<Listing> {
  return callRoute(CATALOGUE_ROUTES.createListing, { body: { category_id: categoryId } }, parseListing);
}

export function useCreateDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDraft, onSuccess: (listing) => changed(queryClient, listing) });
}

/** PATCH /api/listings/:id with the fields that changed; a draft saves as it is typed. */
export async function updateListing(id: number, changes: ListingChangesRequest): Promise<Listing> {
  return callRoute(CATALOGUE_ROUTES.updateListing, { params: { id }, body: changes }, parseListing);
}

export function useUpdateListing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ListingChangesRequest) => updateListing(id, changes),
    onSuccess: (listing) => changed(queryClient, listing),
  });
}

/** The seller's changes of state, by the path the API gives each. */
export const TRANSITION_PATHS = {
  publish: 'publish',
  pause: 'pause',
  resume: 'resume',
  mark_sold: 'mark-sold',
  renew: 'renew',
} as const;
export type ListingTransition = keyof typeof TRANSITION_PATHS;

export async function changeListingState(id: number, transition: ListingTransition): Promise<Listing> {
  return callRoute(
    CATALOGUE_ROUTES.listingAction,
    { params: { id, action: TRANSITION_PATHS[transition] } },
    parseListing,
  );
}

export function useChangeListingState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transition }: { id: number; transition: ListingTransition }) =>
      changeListingState(id, transition),
    onSuccess: (listing) => changed(queryClient, listing),
  });
}

/** A draft goes for good; a published listing is removed from everyone's sight (its history stays). */
export async function deleteListing(id: number): Promise<void> {
  await callRoute(CATALOGUE_ROUTES.deleteListing, { params: { id } });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: listingQueryKey(id) });
      await changed(queryClient, { id });
    },
  });
}

/**
 * Uploads one photo as the request's raw body (its own content type, no base64, no multipart
 * parsing on the server), reporting progress from 0 to 1. `signal` cancels it.
 */
export async function uploadListingPhoto(
  id: number,
  file: Blob,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ListingPhoto> {
  const config = {
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    onUploadProgress: (event: { loaded: number; total?: number }) => {
      if (event.total) onProgress?.(event.loaded / event.total);
    },
    ...(signal && { signal }),
  };
  const parse = (data: unknown) => listingPhotoResponseSchema.parse(data).data;
  return callRoute(CATALOGUE_ROUTES.addListingPhoto, { params: { id }, body: file, config }, parse);
}

export async function deleteListingPhoto(id: number, photoId: number): Promise<void> {
  await callRoute(CATALOGUE_ROUTES.deleteListingPhoto, { params: { id, photoId } });
}

/** The photos in their new order, the cover first. */
export async function reorderListingPhotos(id: number, photoIds: readonly number[]): Promise<void> {
  await callRoute(CATALOGUE_ROUTES.orderListingPhotos, { params: { id }, body: { photo_ids: [...photoIds] } });
}

/** After a photo change the listing's pages and My listings show the new cover and count. */
export const photosChanged = (queryClient: QueryClient, id: number) => changed(queryClient, { id });
