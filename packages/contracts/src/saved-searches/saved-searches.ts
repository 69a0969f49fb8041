import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import { characterCount, isPlainText } from '../rules/values';
import { SAVED_SEARCH_LIMITS, savedSearchAlerts } from './saved-searches-api';

const invalid = () => encodeMessage(message('laravel.invalidValue'));

const name = z.string({ error: () => encodeMessage(message('savedSearches.nameRequired')) }).check(
  z.refine((text) => text.trim().length > 0, { error: () => encodeMessage(message('savedSearches.nameRequired')) }),
  z.refine((text) => characterCount(text) <= SAVED_SEARCH_LIMITS.nameMax && isPlainText(text), {
    error: () => encodeMessage(message('savedSearches.nameTooLong', { max: SAVED_SEARCH_LIMITS.nameMax })),
  }),
);
const alerts = z.enum(savedSearchAlerts, { error: invalid });

/** POST /api/saved-searches: the search's query string as the results page's address has it. */
export const newSavedSearchSchema = z.object({
  name,
  query: z.string({ error: invalid }).check(z.maxLength(2000, { error: invalid })),
  alerts,
});
export type NewSavedSearch = z.infer<typeof newSavedSearchSchema>;

export const savedSearchChangesSchema = z.object({ name: z.optional(name), alerts: z.optional(alerts) });

export const savedSearchSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** Normalised: `/search?` and this opens it. */
  query: z.string(),
  alerts: z.enum(savedSearchAlerts),
  created_at: z.string(),
  /** Listings published since the user last opened it (at most 100: "100+"). */
  new_matches: z.int(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchResponseSchema = z.object({ data: savedSearchSchema });
export const savedSearchListSchema = z.object({ data: z.array(savedSearchSchema) });
