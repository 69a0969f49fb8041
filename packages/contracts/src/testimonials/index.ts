export * from './testimonial-shapes';
export * from './testimonial-routes';
