export * from './categories';
export * from './listing-attributes';
export * from './listing-fields';
export * from './listings';
export * from './listing-queries';
export * from './listing-report-rules';
export * from './listing-reports';
export * from './catalogue-routes';
