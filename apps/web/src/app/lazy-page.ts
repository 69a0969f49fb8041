import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunks/load-chunk';
import type { LazyPage } from './pages';

/** A route's `lazy` for a page area: loaded through the chunk loader (time-out, failure types). */
export function lazyPage<M>(page: LazyPage<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => ({
    Component: pick(await loadChunk(page.chunk, page.load)),
  });
}
