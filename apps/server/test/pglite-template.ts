import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/database';
import { PGliteDialect } from '../src/db/pglite-dialect';
import type { Database } from '../src/db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database, dumped once per run; each test starts from a copy of it. */
    pgliteTemplate: string;
  }
}

/** Vitest global setup: creating and migrating PGlite takes seconds, starting from a dump about one. */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create('memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  await pglite.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-pglite-'));
  const file = path.join(folder, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
