interface ImportMetaEnv {
  /** Chunk load time-out in ms; only the browser tests' build sets it (default 120 000). */
  readonly VITE_CHUNK_TIMEOUT_MS?: string;
  /** 'true' in the browser tests' build: exposes window.marketplaceE2E (see app/e2e-hooks.ts). */
  readonly VITE_E2E_HOOKS?: string;
}

/** One language's catalogue, precompiled by apps/web/build/precompiled-messages.ts. */
declare module 'virtual:marketplace-messages/*' {
  const catalogue: import('@marketplace/contracts/i18n').CompiledCatalogue;
  export default catalogue;
}

/** Each page's strings beyond the shell's, by language and page chunk (build/precompiled-messages.ts). */
declare module 'virtual:marketplace-messages/page-loaders' {
  const loaders: Record<
    'en' | 'ar',
    Record<string, (() => Promise<{ default: import('@marketplace/contracts/i18n').CompiledCatalogue }>) | undefined>
  >;
  export default loaders;
}
