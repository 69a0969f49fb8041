import catalogue from 'virtual:marketplace-messages/en/page-areas';

/** English strings only the signed-in page areas name, loaded with their code; its own chunk. */
export default catalogue;
