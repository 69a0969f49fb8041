export { testimonialsRoutes } from './routes';
export { testimonialsAdminRoutes } from './admin-routes';
export { testimonialsPageData } from './home-page-data';
