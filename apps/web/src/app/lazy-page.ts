import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunks/load-chunk';
import { loadPageMessages } from '../lib/i18n/load-catalogue';
import type { LazyPage } from './pages';

/**
 * A route's `lazy` for a page area: loaded through the chunk loader (time-out, failure types), with
 * its strings beyond the shell's in parallel with its code (build/page-messages.ts).
 */
export function lazyPage<M>(page: LazyPage<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    const [module] = await Promise.all([loadChunk(page.chunk, page.load), loadPageMessages(page.chunk)]);
    return { Component: pick(module) };
  };
}
