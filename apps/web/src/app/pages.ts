import { paths } from '../lib/paths';

/**
 * Every page area that loads on demand: its address, its chunk's name (the page module's file name,
 * which the build gives the chunk; pages.test.ts checks they agree) and how to load it.
 */
export const pages = {
  home: { path: paths.home, chunk: 'home-page', load: () => import('../features/home/home-page') },
  login: { path: paths.login, chunk: 'login-page', load: () => import('../features/auth/components/login-page') },
  register: {
    path: paths.register,
    chunk: 'register-page',
    load: () => import('../features/auth/components/register-page'),
  },
  profile: {
    path: paths.profile,
    chunk: 'profile-page',
    load: () => import('../features/profile/components/profile-page'),
  },
};

export interface LazyPage<M> {
  path: string;
  chunk: string;
  load: () => Promise<M>;
}
