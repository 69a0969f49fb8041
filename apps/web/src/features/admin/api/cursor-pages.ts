import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

/** A page of a back-office list: its rows, and the cursor of the next page (null: none). */
export interface CursorPage<Row> {
  data: Row[];
  next_cursor: string | null;
}

/**
 * A back-office list a page at a time: `page` fetches the page after `cursor` (the first without
 * one), and each next page starts at the cursor the last one gave, until it gives none.
 */
export function useCursorPages<Page extends { next_cursor: string | null }>(
  queryKey: QueryKey,
  page: (cursor: string | undefined) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => page(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
