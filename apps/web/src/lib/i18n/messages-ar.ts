import catalogue from 'virtual:marketplace-messages/ar/core';

/** Arabic, precompiled at build time (apps/web/build/precompiled-messages.ts): the shell’s strings, which every page loads first; its own chunk. */
export default catalogue;
