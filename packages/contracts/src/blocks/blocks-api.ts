/** The API's addresses for blocking: one place, used by the server's routes and the web's calls. */
export const BLOCKS_API = {
  /** GET: the people the signed-in user blocked, newest first. */
  list: '/api/blocks',
  /** PUT blocks, DELETE unblocks: each as often as a user clicks, with the same outcome (204). */
  user: (userId: number) => `/api/blocks/${userId}`,
} as const;

/** At most this many blocks per user: a list a person can read, and a bound on what a script can write. */
export const MAX_BLOCKS = 1000;
