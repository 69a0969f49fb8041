import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * How the fuzz tests draw their cases. The run's seed is FUZZ_SEED, which vitest.config.ts sets from
 * the commit under test (the same commit always runs the same cases, so a red CI is the change's,
 * never the dice's) unless it was given: `FUZZ_SEED=<seed>` replays a run, `FUZZ_SEED=random` draws a
 * new one (`npm run test:fuzz`, with FUZZ_RUNS cases per property). Each property gets its own seed
 * from the run's and its name, so adding a property does not change the cases of the others.
 */
const baseSeed = Number(process.env.FUZZ_SEED ?? 0);
if (!Number.isSafeInteger(baseSeed)) throw new Error(`FUZZ_SEED must be a whole number, not ${process.env.FUZZ_SEED}`);

/** FUZZ_RUNS (default 150): how many cases a property tries; some properties try a multiple of it. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 150);

/** A 32-bit FNV-1a hash of the property's name, to tell the properties' seeds apart. */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (const unit of Buffer.from(name)) {
    hash ^= unit;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The API tests' project this file runs in (vitest.config.ts), for the replay's command. */
const project = process.env.TEST_DB_SERVER === 'url' ? 'api (TEST_DATABASE_URL)' : 'api';

/**
 * fast-check's settings for a property of the running test: its seed (from the run's and the test's
 * name), FUZZ_RUNS × `runs` cases, and a failure that says how to replay it: this test alone, on the
 * same database server, with this very seed.
 */
export function fuzzSettings<Ts>({ runs = 1 }: { runs?: number } = {}): fc.Parameters<Ts> {
  const testName = expect.getState().currentTestName ?? '';
  const testTitle = (testName.split(' > ').at(-1) ?? testName).replaceAll("'", '.');
  return {
    seed: (baseSeed ^ nameHash(testName)) | 0,
    numRuns: Math.max(1, Math.round(FUZZ_RUNS * runs)),
    endOnFailure: true,
    plugins: [
      () => ({
        onAllRunsComplete: (details) => {
          if (!details.failed) return;
          const report = fc.defaultReportMessage(details) ?? 'the property failed';
          throw new Error(
            `${report}\n\nReplay it: FUZZ_SEED=${baseSeed} FUZZ_RUNS=${FUZZ_RUNS} npx vitest run --project '${project}' ` +
              `${expect.getState().testPath ?? ''} -t '${escapeRegExp(testTitle)}'`,
            { cause: details.errorInstance },
          );
        },
      }),
    ],
  };
}
