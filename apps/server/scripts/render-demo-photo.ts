import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { DEMO_PHOTO_KINDS, renderDemoPhoto, type DemoPhotoKind } from '../src/db/demo-photos/index';

const USAGE = 'usage: node --import tsx apps/server/scripts/render-demo-photo.ts <kind> [variant] [out.jpg|out.png]';

/** Writes one demo photo at full size: the JPEG as rendered, or decoded to PNG for viewers that need it. */
const [kind, variant = '0', output = `/tmp/${kind ?? 'photo'}-${variant}.jpg`] = process.argv.slice(2);
if (!kind || !(DEMO_PHOTO_KINDS as readonly string[]).includes(kind)) throw new Error(USAGE);
const photo = await renderDemoPhoto(kind as DemoPhotoKind, Number(variant));
await writeFile(output, output.endsWith('.png') ? await sharp(photo).png().toBuffer() : photo);
console.log(output);
