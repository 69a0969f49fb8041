// `npm start`: runs the built server (apps/server/dist, plain Node) in this same process, so Ctrl-C
// reaches the server's own clean shutdown. In a checkout it first builds what is missing or was
// built from other sources (a hash of their contents, not their times); a deployment's artifact
// without sources runs as it is, with no build tool at run time (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const WEB_DIST = path.join(root, 'apps/web/dist');
const SERVER_DIST = path.join(root, 'apps/server/dist');
const inCheckout = fs.existsSync(path.join(root, 'apps/server/src'));

function builtFrom(dist) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, 'build-info.json'), 'utf8')).inputs;
  } catch {
    return undefined;
  }
}

if (inCheckout) {
  // Imported only here: the build tools are development dependencies.
  const { BUILD_INPUTS, buildServer, hashInputs } = await import('./build-server.mjs');
  const { buildWeb } = await import('./build.mjs');
  if (!process.env.WEB_DIST_DIR && builtFrom(WEB_DIST) !== hashInputs(BUILD_INPUTS.web)) {
    process.stdout.write('Building the web app…\n');
    if (!buildWeb({ quiet: true })) {
      process.stderr.write('Cannot start: the web app did not build; the errors are above.\n');
      process.exit(1);
    }
  }
  if (builtFrom(SERVER_DIST) !== hashInputs(BUILD_INPUTS.server)) {
    process.stdout.write('Building the server…\n');
    await buildServer(SERVER_DIST);
  }
} else if (!fs.existsSync(path.join(SERVER_DIST, 'main.js'))) {
  process.stderr.write('Cannot start: there is no build in apps/server/dist; run `npm run build` first.\n');
  process.exit(1);
}

process.setSourceMapsEnabled(true);
await import(path.join(SERVER_DIST, 'main.js'));
