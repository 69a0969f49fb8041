import catalogue from 'virtual:marketplace-messages/en/admin';

/** The back-office's English strings; a chunk only staff download. */
export default catalogue;
