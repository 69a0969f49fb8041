import catalogue from 'virtual:marketplace-messages/ar/core';

/** Arabic, precompiled at build time (apps/web/build/precompiled-messages.ts): the shell's and public pages' strings; its own chunk. */
export default catalogue;
