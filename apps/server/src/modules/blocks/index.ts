export { blockBetween } from './blocks-repository';
export { blocksRoutes } from './routes';
