import catalogue from 'virtual:marketplace-messages/ar/server';

/** Arabic strings only the server or the contracts name (an error's, a rule's), loaded when the server answers; its own chunk. */
export default catalogue;
