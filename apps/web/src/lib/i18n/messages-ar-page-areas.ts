import catalogue from 'virtual:marketplace-messages/ar/page-areas';

/** Arabic strings only the on-demand widgets name (the order, report and save-search forms, the bell's list), loaded with their code; its own chunk. */
export default catalogue;
