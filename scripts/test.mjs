// `npm test`: every check the project has, stopping at the first group that fails. Formatting, lint
// and typecheck run side by side (each is one process that leaves a core idle), their output printed
// whole as each ends; then the Vitest and the Playwright stages. Each stage's time is printed as it
// ends and all of them at the end, so a stage that grew shows in every CI log (docs/testing.md).
import { spawn } from 'node:child_process';

const groups = [
  [
    ['format', 'format:check'],
    ['lint', 'lint'],
    ['typecheck', 'typecheck'],
  ],
  [['unit, component and API tests (Vitest)', 'test:unit']],
  [['browser tests (Playwright)', 'test:e2e']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/** Runs `npm run <script>`: its output as it comes when alone, else kept and printed when it ends. */
function run(name, script, alone) {
  console.log(`▶ ${name} (npm run ${script})`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code, signal) => {
      children.delete(child);
      const ms = performance.now() - started;
      const status = code ?? (signal ? 1 : 0);
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      console.log(`▶ ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
      resolve({ name, ms, status });
    });
  });
}

const results = [];
const started = performance.now();
for (const group of groups) {
  const ended = await Promise.all(group.map(([name, script]) => run(name, script, group.length === 1)));
  results.push(...ended);
  if (ended.some(({ status }) => status !== 0)) break;
}

console.log('\nnpm test, stage by stage:');
for (const { name, ms, status } of results) {
  console.log(`  ${name.padEnd(42)} ${seconds(ms).padStart(6)}${status === 0 ? '' : '  FAILED'}`);
}
console.log(
  `  ${'total (the first three side by side)'.padEnd(42)} ${seconds(performance.now() - started).padStart(6)}`,
);
process.exit(results.find(({ status }) => status !== 0)?.status ?? 0);
