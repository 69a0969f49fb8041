import type { Migration, MigrationProvider } from 'kysely';
import * as accountsAndSessions from './0001-accounts-and-sessions';
import * as profilesAndPlaces from './0002-profiles-and-places';

/** Listed in code, not read from a folder, so migrations travel with any bundle of the server. */
const migrations: Record<string, Migration> = {
  '0001-accounts-and-sessions': accountsAndSessions,
  '0002-profiles-and-places': profilesAndPlaces,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
