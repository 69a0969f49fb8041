export { ProfileRepository } from './profile-repository';
export type { ProfileChanges } from './profile-repository';
export { toProfile } from './profile-view';
export { profileRoutes } from './routes';
