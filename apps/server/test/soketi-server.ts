import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './nginx-proxy';
import { TEST_PUSHER } from './realtime-support';

/**
 * Soketi (from npm, in tools/soketi: installed there on first use, `.ci/run` does it before the
 * tests), the Pusher-protocol server a deployment may share between its processes (PUSHER_HOST).
 * It speaks for the app `TEST_PUSHER` names, on a free port, accepting pages of any origin (its default).
 */
const folder = path.join(import.meta.dirname, '../../../tools/soketi');
const entry = path.join(folder, 'node_modules/@soketi/soketi/bin/server.js');

function ensureSoketi(): void {
  if (fs.existsSync(entry)) return;
  execFileSync('npm', ['ci', '--prefix', folder, '--ignore-scripts', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

export interface TestSoketi {
  port: number;
  close(): Promise<void>;
}

export async function startSoketi(): Promise<TestSoketi> {
  ensureSoketi();
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [entry, 'start'], {
    env: {
      PATH: process.env.PATH ?? '',
      SOKETI_HOST: '127.0.0.1',
      SOKETI_PORT: String(port),
      SOKETI_METRICS_SERVER_PORT: String(metricsPort),
      SOKETI_DEFAULT_APP_ID: TEST_PUSHER.PUSHER_APP_ID,
      SOKETI_DEFAULT_APP_KEY: TEST_PUSHER.PUSHER_APP_KEY,
      SOKETI_DEFAULT_APP_SECRET: TEST_PUSHER.PUSHER_APP_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`Soketi exited (${child.exitCode}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async close() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
