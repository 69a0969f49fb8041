import { spawn } from 'node:child_process';
import { childCommand } from './drawn-photo-cache';

/** The argon2 hashes of `passwords`, made in a child process (hash-demo-passwords.ts says why). */
export async function hashPasswordsInChild(passwords: readonly string[]): Promise<string[]> {
  if (passwords.length === 0) return [];
  const { args, cwd } = childCommand('hash-demo-passwords');
  const child = spawn(process.execPath, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const stopChild = () => child.kill();
  process.once('exit', stopChild);
  let [stdout, stderr] = ['', ''];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  child.stdin.end(JSON.stringify(passwords));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).finally(() => process.off('exit', stopChild));
  const hashes = code === 0 ? (JSON.parse(stdout) as unknown) : undefined;
  if (!Array.isArray(hashes) || hashes.length !== passwords.length) {
    throw new Error(`Could not hash the demo passwords (exit code ${code})${stderr ? `: ${stderr.trim()}` : ''}`);
  }
  return hashes as string[];
}
