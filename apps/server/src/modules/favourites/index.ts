export { favourites } from './favourites-plugin';
export { favouritesRoutes } from './routes';
