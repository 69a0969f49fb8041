export { languageRoutes } from './routes';
