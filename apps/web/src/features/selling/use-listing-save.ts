import { CATALOGUE_API, type ListingChangesRequest, type ListingValues } from '@marketplace/contracts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useUpdateListing } from './api/listing-changes';
import { http } from '../../lib/http';
import { changedFields } from './listing-form-values';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** A draft saves this long after the typing stops. */
export const AUTOSAVE_DELAY_MS = 800;

export interface ListingSave {
  state: SaveState;
  /** Saves after the pause in typing (drafts only). */
  schedule: () => void;
  /** Saves now whatever differs from the last save; resolves true when nothing is left unsaved. */
  flush: () => Promise<boolean>;
  /** Whether anything differs from the last save. */
  hasUnsaved: () => boolean;
}

/**
 * Sends a listing's changed fields, and only those: a draft on its own (debounced, and at once on
 * blur, step change and when the page goes away), a live listing when asked (Save changes).
 */
export function useListingSave(
  id: number,
  initial: ListingValues,
  current: () => ListingValues,
  { auto, onFailure }: { auto: boolean; onFailure: (error: unknown) => void },
): ListingSave {
  const update = useUpdateListing(id);
  const [state, setState] = useState<SaveState>('idle');
  const saved = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  const latest = useRef({ current, onFailure, mutate: update.mutateAsync });
  useLayoutEffect(() => {
    latest.current = { current, onFailure, mutate: update.mutateAsync };
  });

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    // One request at a time, so that an older save never lands after a newer one.
    if (inFlight.current) await inFlight.current;
    const next = latest.current.current();
    const changes = changedFields(saved.current, next);
    if (Object.keys(changes).length === 0) return true;
    setState('saving');
    const request = latest.current.mutate(changes).then(
      () => {
        saved.current = next;
        setState('saved');
        return true;
      },
      (error: unknown) => {
        setState('failed');
        latest.current.onFailure(error);
        return false;
      },
    );
    inFlight.current = request;
    try {
      return await request;
    } finally {
      inFlight.current = undefined;
    }
  }, []);

  const schedule = useCallback(() => {
    if (!auto) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [auto, flush]);

  useEffect(() => {
    if (!auto) return;
    // The tab closes or the page unloads: a request that outlives the page (fetch's keepalive).
    const onPageHide = () => {
      clearTimeout(timer.current);
      const changes = changedFields(saved.current, latest.current.current());
      if (Object.keys(changes).length > 0) sendOnExit(id, changes);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the wizard inside the app: what was typed since the last save still goes.
      if (Object.keys(changedFields(saved.current, latest.current.current())).length > 0) void flush();
    };
  }, [auto, flush, id]);

  const hasUnsaved = useCallback(
    () => Object.keys(changedFields(saved.current, latest.current.current())).length > 0,
    [],
  );

  return { state, schedule, flush, hasUnsaved };
}

/** How long after the page went away its unsent changes are sent again when the listing opens. */
const RESEND_WITHIN_MS = 60_000;
const unsentKey = (id: number) => `marketplace.unsent-listing-changes.${id}`;

/**
 * Through the one client, so it carries the same headers, CSRF token and cookies as any other save.
 * The changes are also kept in the tab (sessionStorage): after a reload the request that outlives
 * the page may not have reached the server when the new page reads the listing, and what was
 * typed would look lost, so the new page sends them again first (resendUnsentChanges).
 */
function sendOnExit(id: number, changes: ListingChangesRequest): void {
  try {
    sessionStorage.setItem(unsentKey(id), JSON.stringify({ at: Date.now(), changes }));
  } catch {
    // Storage full or refused: the request below is all there is.
  }
  void http.patch(CATALOGUE_API.listing(id), changes, { keepalive: true }).catch(() => undefined);
}

/** Whether this tab holds changes to the listing that its last page sent as it went away. */
export function hasUnsentChanges(id: number): boolean {
  try {
    return sessionStorage.getItem(unsentKey(id)) !== null;
  } catch {
    return false;
  }
}

/**
 * Sends again, and waits for, the changes this tab's last page sent as it went away (the same
 * values, so twice is the same as once), if they are a minute old at most: older ones may be
 * older than changes made since on another device. Whatever the answer, they are sent once.
 */
export async function resendUnsentChanges(id: number): Promise<void> {
  const kept = takeUnsent(id);
  if (!kept || typeof kept.at !== 'number' || Date.now() - kept.at > RESEND_WITHIN_MS) return;
  if (typeof kept.changes !== 'object' || kept.changes === null) return;
  await http.patch(CATALOGUE_API.listing(id), kept.changes as ListingChangesRequest).catch(() => undefined);
}

/** The tab's unsent changes to the listing, removed from the tab; null when there are none (or storage fails). */
function takeUnsent(id: number): { at?: unknown; changes?: unknown } | null {
  try {
    const text = sessionStorage.getItem(unsentKey(id));
    sessionStorage.removeItem(unsentKey(id));
    const value: unknown = JSON.parse(text ?? 'null');
    return typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}
