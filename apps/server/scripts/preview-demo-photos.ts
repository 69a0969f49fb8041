import { parseArgs } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';
import { DEMO_PHOTO_KINDS, renderDemoPhoto, type DemoPhotoKind } from '../src/db/demo-photos/index';

const USAGE =
  'usage: node --import tsx apps/server/scripts/preview-demo-photos.ts <sheet.png> [--variants 3] [--width 240] [--columns 9] [kind ...]';

/**
 * Writes a contact sheet of the demo photos: each kind's variants side by side, three kinds to a row
 * (one kind a row when there are more than three variants).
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      variants: { type: 'string', default: '3' },
      width: { type: 'string', default: '240' },
      columns: { type: 'string' },
    },
  });
  const [output, ...named] = positionals;
  if (!output) throw new Error(USAGE);
  const unknown = named.filter((kind) => !(DEMO_PHOTO_KINDS as readonly string[]).includes(kind));
  if (unknown.length) throw new Error(`unknown kinds: ${unknown.join(', ')}\n${USAGE}`);
  const kinds = named.length ? (named as DemoPhotoKind[]) : DEMO_PHOTO_KINDS;
  const variants = Number(values.variants);
  const width = Number(values.width);
  const height = Math.round((width * 3) / 4);
  const columns = Number(values.columns ?? (variants > 3 ? variants : variants * Math.min(3, kinds.length)));

  const tiles: OverlayOptions[] = [];
  let index = 0;
  for (const kind of kinds) {
    for (let variant = 0; variant < variants; variant++, index++) {
      const photo = await renderDemoPhoto(kind, variant);
      const input = await sharp(photo).resize(width, height).toBuffer();
      tiles.push({ input, left: (index % columns) * width, top: Math.floor(index / columns) * height });
    }
  }
  const rows = Math.ceil(index / columns);
  const background = { r: 255, g: 255, b: 255 };
  await sharp({ create: { width: columns * width, height: rows * height, channels: 3, background } })
    .composite(tiles)
    .png()
    .toFile(output);
  console.log(`${output}: ${kinds.length} kinds × ${variants} variants`);
}

await main();
