import type { User } from '@marketplace/contracts';
import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { http, isHttpError, sessionEnded } from '../http';
import { dropPageAnswers } from '../early-requests';

export const currentUserQueryKey = ['user'] as const;

/** Enough of a check on an answer that is typed rather than parsed (see getCurrentUser). */
const looksLikeUser = (value: unknown): value is User =>
  typeof value === 'object' && value !== null && typeof (value as Partial<User>).id === 'number';

/**
 * The signed-in user, or null when signed out (a 401 here is an answer, not an error). Every page
 * asks this first, so the answer is typed rather than parsed with zod: that keeps zod (~25 KiB
 * gzipped) out of the code every page loads (docs/decisions/007-first-visit-javascript.md).
 */
export async function getCurrentUser(): Promise<User | null> {
  try {
    const response = await http.get('/user', { skipAuthRedirect: true });
    const user = (response.data as { data?: unknown } | undefined)?.data;
    if (!looksLikeUser(user)) throw new Error('GET /user answered without a user.');
    return user;
  } catch (error) {
    if (isHttpError(error, 401)) return null;
    throw error;
  }
}

/**
 * The user the server wrote into the page (`<script id="current-user">`, null when signed out), so a
 * first visit need not ask; undefined when the page carries none (the dev server, component tests).
 */
export function userFromPage(): User | null | undefined {
  const json = document.getElementById('current-user')?.textContent;
  if (!json) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || looksLikeUser(parsed)) return parsed;
  } catch {
    // Fall through: the page's copy is unreadable, so ask the server.
  }
  console.error('The page carries an unreadable #current-user; asking the server who is signed in.');
  return undefined;
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 60_000 });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

/**
 * After a logout (here or in another tab): nothing of the previous user's data may outlive the
 * session. The current user is set, not removed: the header and pages that watch it must see
 * "signed out" (queryClient.clear() would leave them holding the old user).
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  sessionEnded();
  dropUnansweredQuestion(queryClient);
  queryClient.setQueryData(currentUserQueryKey, null);
  removeAllButCurrentUser(queryClient);
}

/** After a login or registration (here or in another tab); another user's answers go. */
export function rememberSignedInUser(queryClient: QueryClient, user: User): void {
  dropUnansweredQuestion(queryClient);
  if (queryClient.getQueryData<User | null>(currentUserQueryKey)?.id !== user.id) removeAllButCurrentUser(queryClient);
  queryClient.setQueryData(currentUserQueryKey, user);
}

/**
 * "Who is signed in?" asked before the sign-in or sign-out and answered after it would set the old
 * answer over the new one (a /user sent with the old session cookie came back 401 after a login,
 * and the page showed the user signed out): it is cancelled, its answer never read.
 */
function dropUnansweredQuestion(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ queryKey: currentUserQueryKey });
}

function removeAllButCurrentUser(queryClient: QueryClient): void {
  dropPageAnswers();
  const keep = hashKey(currentUserQueryKey);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== keep });
}
