import type { ComponentType } from 'react';
import { HELP_PAGE_CHUNKS, PUBLIC_PAGE_CHUNKS } from '@marketplace/contracts/pages';
import { loadChunk } from '../lib/chunks/load-chunk';
import { loadHelpMessages, loadPageAreaMessages } from '../lib/i18n/load-catalogue';
import type { LazyPage } from './pages';

/**
 * A route's `lazy` for a page area: loaded through the chunk loader (time-out, failure types); a
 * page area that is not a public page brings its strings along, in parallel with its code.
 */
export function lazyPage<M>(page: LazyPage<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    const [module] = await Promise.all([
      loadChunk(page.chunk, page.load),
      HELP_PAGE_CHUNKS.includes(page.chunk)
        ? loadHelpMessages()
        : PUBLIC_PAGE_CHUNKS.includes(page.chunk)
          ? undefined
          : loadPageAreaMessages(),
    ]);
    return { Component: pick(module) };
  };
}
