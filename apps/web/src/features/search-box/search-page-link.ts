import { searchQueryString, type SearchParams } from '@marketplace/contracts/catalogue-essentials';
import { paths } from '../../lib/paths';

/** A search's address on the results page, written as the page and the API read it (one address per search). */
export const searchPageLink = (params: Pick<SearchParams, 'q' | 'category'>) =>
  `${paths.search}?${searchQueryString(params)}`;
