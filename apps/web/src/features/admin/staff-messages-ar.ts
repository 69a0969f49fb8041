import catalogue from 'virtual:marketplace-messages/ar/admin';

/** The back-office's Arabic strings; a chunk only staff download. */
export default catalogue;
