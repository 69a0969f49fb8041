// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// in this same process, so Ctrl-C reaches the server's own clean shutdown.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function webBuildIsStale() {
  const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
  if (!built) return true;
  return webInputs.some((input) => newestChange(path.join(root, input)) > built.mtimeMs);
}

if (!process.env.WEB_DIST_DIR && webBuildIsStale()) {
  process.stdout.write('Building the web app…\n');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    process.stderr.write('Cannot start: the web app did not build; the errors are above.\n');
    process.exit(1);
  }
}

register();
await import('../apps/server/src/main.ts');
