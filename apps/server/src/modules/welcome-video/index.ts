export { welcomeVideoRoutes } from './routes';
export { welcomeVideoAdminRoutes } from './admin-routes';
export { welcomeVideoPageData } from './home-page-data';
