export { broadcastingRoutes } from './routes';
