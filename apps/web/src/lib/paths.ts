/** Every page address in one place; links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  profile: '/profile',
} as const;
