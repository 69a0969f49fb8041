// Bundles the server for production (issue 33): our TypeScript (the server and the contracts package)
// into apps/server/dist, packages from node_modules left as imports. The bundle runs on plain Node —
// no tsx, no esbuild at run time — and is what `npm start` and the browser tests run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The folders and files whose content makes a build; its hash says whether a build is current. */
export const BUILD_INPUTS = {
  server: ['apps/server/src', 'packages/contracts/src', 'apps/server/package.json', 'packages/contracts/package.json'],
  web: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'apps/web/package.json',
    'packages/contracts/src',
  ],
};

/** A hash of the inputs' contents (not their times: a copy or a checkout moves those, not the code). */
export function hashInputs(inputs) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        visit(path.join(relative, name));
      }
      return;
    }
    hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

export async function buildServer(outDir = path.join(root, 'apps/server/dist')) {
  // The files are overwritten, not the folder emptied: the browser tests' bundles live inside it.
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'staff-cli': 'apps/server/src/staff-cli.ts',
      'media-to-s3': 'apps/server/src/media-to-s3.ts',
      // The demo seed's child processes (db/demo-catalogue/photo-pool.ts, hash-in-child.ts).
      'draw-demo-photos': 'apps/server/src/db/demo-catalogue/draw-demo-photos.ts',
      'hash-demo-passwords': 'apps/server/src/db/demo-catalogue/hash-demo-passwords.ts',
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // The workspace's own packages are TypeScript: into the bundle. Every other package stays an
        // import, resolved from node_modules at run time (sharp, argon2 and PostgreSQL's binaries
        // among them, which cannot be bundled).
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@marketplace/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.writeFileSync(
    path.join(outDir, 'build-info.json'),
    JSON.stringify({ inputs: hashInputs(BUILD_INPUTS.server) }, null, 2) + '\n',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
