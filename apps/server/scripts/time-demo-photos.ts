import { parseArgs } from 'node:util';
import { DEMO_PHOTO_KINDS, renderDemoPhoto, type DemoPhotoKind } from '../src/db/demo-photos/index';

/**
 * Times renderDemoPhoto per kind: wall-clock, which other work on the machine inflates, and the
 * process's CPU time, which it inflates less. One warm-up render first, as a server has.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { variants: { type: 'string', default: '10' } },
});
const kinds = positionals.length ? (positionals as DemoPhotoKind[]) : DEMO_PHOTO_KINDS;
const variants = Number(values.variants);

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? NaN;
const format = (ms: number) => ms.toFixed(0).padStart(4);

await renderDemoPhoto('car-sedan', 99);
console.log(`${'kind'.padEnd(20)} wall median/worst   cpu median/worst (ms)`);
const all: number[] = [];
for (const kind of kinds) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let variant = 0; variant < variants; variant++) {
    const [started, usage] = [performance.now(), process.cpuUsage()];
    await renderDemoPhoto(kind, variant);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(usage);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  all.push(...wall);
  console.log(
    `${kind.padEnd(20)} ${format(median(wall))} ${format(wall.at(-1) ?? NaN)}        ${format(median(cpu))} ${format(cpu.at(-1) ?? NaN)}`,
  );
}
all.sort((a, b) => a - b);
console.log(`${'all'.padEnd(20)} ${format(median(all))} ${format(all.at(-1) ?? NaN)}`);
