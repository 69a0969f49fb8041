// `npm test`: every check the project has, one stage after another, stopping at the first that
// fails. Each stage's time is printed as it ends and all of them at the end, so a stage that grew
// shows in every CI log (docs/testing.md). Lint and typecheck side by side were slower on two cores
// (146 s against 76 + 34 s one after the other): each already keeps more than one core busy.
import { spawn } from 'node:child_process';

const stages = [
  ['format', 'format:check'],
  ['lint', 'lint'],
  ['typecheck', 'typecheck'],
  ['unit, component and API tests (Vitest)', 'test:unit'],
  ['browser tests (Playwright)', 'test:e2e'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
let current;
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => current?.kill(signal));

function run(script) {
  return new Promise((resolve) => {
    current = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
    current.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results = [];
for (const [name, script] of stages) {
  console.log(`\n▶ ${name} (npm run ${script})`);
  const started = performance.now();
  const status = await run(script);
  const ms = performance.now() - started;
  results.push({ name, ms, status });
  console.log(`▶ ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
  if (status !== 0) break;
}

console.log('\nnpm test, stage by stage:');
for (const { name, ms, status } of results) {
  console.log(`  ${name.padEnd(42)} ${seconds(ms).padStart(6)}${status === 0 ? '' : '  FAILED'}`);
}
const total = results.reduce((sum, { ms }) => sum + ms, 0);
console.log(`  ${'total'.padEnd(42)} ${seconds(total).padStart(6)}`);
process.exit(results.find(({ status }) => status !== 0)?.status ?? 0);
