import catalogue from 'virtual:marketplace-messages/ar/page-areas';

/** Arabic strings only the signed-in page areas name, loaded with their code; its own chunk. */
export default catalogue;
