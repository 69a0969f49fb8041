// `npm run build`: the web app (apps/web/dist) and the server's bundle (apps/server/dist), each with
// a build-info.json naming the hash of the sources it was built from (scripts/build-server.mjs).
// What `npm start` runs, and what a deployment copies (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_INPUTS, buildServer, hashInputs } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const WEB_DIST = path.join(root, 'apps/web/dist');
export const SERVER_DIST = path.join(root, 'apps/server/dist');

export function buildWeb({ quiet = false } = {}) {
  const inputs = hashInputs(BUILD_INPUTS.web);
  const build = spawnSync('npm', ['run', 'build', '--silent', '--workspace', '@marketplace/web'], {
    cwd: root,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  if (build.status !== 0) return false;
  fs.writeFileSync(path.join(WEB_DIST, 'build-info.json'), JSON.stringify({ inputs }, null, 2) + '\n');
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!buildWeb()) process.exit(1);
  await buildServer(SERVER_DIST);
  process.stdout.write(`Built ${path.relative(root, WEB_DIST)} and ${path.relative(root, SERVER_DIST)}\n`);
}
