// `npm run dev`: rebuilds the web app on every change and restarts the server on every server change.
// The page is always served by the real server, so sessions and CSRF work as in production.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn('npm', ['run', 'build', '--silent', '--workspace', '@marketplace/web', '--', '--watch'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
