import type { Category } from '@marketplace/contracts';
import { CATALOGUE_API } from '@marketplace/contracts/catalogue-essentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEarly, sentWithPage } from '../early-requests';

/** Names and counts come in the reader's language: a change of language refetches them (['catalogue']). */
export const categoriesQueryKey = ['catalogue', 'categories'] as const;

export async function getCategories(): Promise<Category[]> {
  const response = await getEarly(CATALOGUE_API.categories);
  // Not parsed again here, as a listing is not (get-listing.ts says why).
  return (response.data as { data: Category[] }).data;
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: getCategories,
    staleTime: 5 * 60_000,
    initialData: () => (sentWithPage(CATALOGUE_API.categories) as { data: Category[] } | undefined)?.data,
  });

/** The whole tree, flat (categoryTree and categoryPath shape it); the header, tiles, wizard and pages share it. */
export const useCategories = () => useQuery(categoriesQueryOptions());
