import catalogue from 'virtual:marketplace-messages/ar';

/** Arabic, precompiled at build time (apps/web/build/precompiled-messages.ts); its own chunk. */
export default catalogue;
