export { backOfficeRoutes } from './routes';
