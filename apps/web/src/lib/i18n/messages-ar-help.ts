import catalogue from 'virtual:marketplace-messages/ar/help';

/** Arabic strings only the help centre's public pages name (/help, /safety, /support…), loaded with their code; its own chunk. */
export default catalogue;
