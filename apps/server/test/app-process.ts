import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE_WEB_DIR } from './test-app';

const mainFile = path.join(import.meta.dirname, '../src/main.ts');

/** The process's whole environment: these and `env`, less the variables `env` sets to undefined. */
function environment(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const all = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), WEB_DIST_DIR: FIXTURE_WEB_DIR, ...env };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
}

/** Runs the server as `npm start` does, until it exits (start-up failures): its exit code and output. */
export async function runAppUntilExit(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: environment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { status, stderr: stderr.trim(), stdout };
}

export interface AppProcess {
  child: ChildProcess;
  url: URL;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** Starts the server as `npm start` does and waits for its banner. */
export async function startAppProcess(env: Record<string, string | undefined>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: environment({ PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner after 60 s:\n${output}`)), 60_000);
    const look = () => {
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout.off('data', look);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${output}`));
    });
  });
  return { child, url: new URL(`http://127.0.0.1:${port}`), output: () => output, exited };
}
