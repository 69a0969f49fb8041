// The welcome video (issue 31, decision 041): how buying and selling works here, in 30 s of drawn
// frames (SVG rendered by sharp, as the demo photos are), encoded by ffmpeg into WebM (VP9) and MP4
// (H.264) without sound, with a poster and captions in English and Arabic. The files are committed
// (apps/web/public/welcome-video, named by their content) with the list of them the server reads
// (apps/server/src/modules/welcome-video/default-files.ts), so neither the app nor CI needs ffmpeg.
// Run: node scripts/make-welcome-video.mjs (needs ffmpeg with libvpx-vp9 and libx264 on the PATH).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const W = 960;
const H = 540;
const FPS = 12;
const SCENE_SECONDS = 5;
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/web/public/welcome-video');
const manifestFile = path.join(root, 'apps/server/src/modules/welcome-video/default-files.ts');

/** What each scene says, in both languages: the captions (the frames carry no words). */
const CAPTIONS = [
  [
    'Welcome! Here is how buying and selling works on this marketplace.',
    'مرحبًا! إليك كيف يعمل البيع والشراء في هذا السوق.',
  ],
  ['To sell, take a few clear photos of your item and set your price.', 'للبيع، التقط بضع صور واضحة لغرضك وحدّد سعرك.'],
  ['Publish your listing: buyers near you see it at once.', 'انشر إعلانك: يراه المشترون القريبون منك فورًا.'],
  [
    'To buy, search or browse the categories, open a listing and order it.',
    'للشراء، ابحث أو تصفّح الفئات، وافتح إعلانًا واطلبه.',
  ],
  [
    'Agree on the details in the chat and follow each step of the order.',
    'اتفقا على التفاصيل في المحادثة وتابِع كل خطوة من الطلب.',
  ],
  ['Meet, check the item, then rate each other. Happy trading!', 'التقيا وافحص الغرض، ثم قيّما بعضكما. تجارة موفّقة!'],
];

const BLUE = '#0d6efd';
const GREEN = '#198754';
const INK = '#212529';
const clamp = (value) => Math.min(1, Math.max(0, value));
/** 0 → 1 between two moments of a scene (seconds), eased. */
const ease = (t, from, to) => {
  const x = clamp((t - from) / (to - from));
  return x * x * (3 - 2 * x);
};
const g = (x, y, scale, body, opacity = 1) =>
  `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})" opacity="${opacity.toFixed(3)}">${body}</g>`;

/** The item being sold in every scene: a bicycle. */
const bicycle = (colour = '#dc3545') =>
  `<circle cx="-40" cy="20" r="26" fill="none" stroke="${INK}" stroke-width="6"/>` +
  `<circle cx="40" cy="20" r="26" fill="none" stroke="${INK}" stroke-width="6"/>` +
  `<path d="M-40 20 L-12 -18 L28 -18 L40 20 M-12 -18 L4 20 L28 -18 M-40 20 L4 20 M-18 -28 L-4 -28 M28 -18 L24 -32 L36 -32" fill="none" stroke="${colour}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A listing card: photo area, two lines of text and, on the chosen one, the bicycle. */
const card = (highlight, withItem) =>
  `<rect x="-70" y="-80" width="140" height="160" rx="12" fill="#fff" stroke="${highlight ? BLUE : '#dee2e6'}" stroke-width="${highlight ? 6 : 2}"/>` +
  `<rect x="-58" y="-68" width="116" height="90" rx="8" fill="${withItem ? '#e7f1ff' : '#f1f3f5'}"/>` +
  (withItem ? g(0, -22, 0.7, bicycle()) : '') +
  `<rect x="-58" y="34" width="80" height="10" rx="5" fill="#adb5bd"/><rect x="-58" y="54" width="50" height="10" rx="5" fill="${GREEN}"/>`;

const person = (colour) =>
  `<circle cx="0" cy="-50" r="26" fill="${colour}"/><path d="M-42 40 Q-42 -16 0 -16 Q42 -16 42 40 Z" fill="${colour}"/>`;
const check = (colour = GREEN) =>
  `<circle r="40" fill="${colour}"/><path d="M-18 2 L-5 16 L20 -12" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`;
const star = (fill) =>
  `<path d="M0 -30 L9 -10 L30 -9 L14 5 L19 27 L0 15 L-19 27 L-14 5 L-30 -9 L-9 -10 Z" fill="${fill}" stroke="#e0a800" stroke-width="3" stroke-linejoin="round"/>`;
const bubble = (fill, right) =>
  `<rect x="-110" y="-30" width="220" height="60" rx="24" fill="${fill}"/>` +
  `<path d="${right ? 'M90 22 L116 44 L70 28 Z' : 'M-90 22 L-116 44 L-70 28 Z'}" fill="${fill}"/>` +
  `<rect x="-80" y="-8" width="${right ? 120 : 150}" height="14" rx="7" fill="#fff" opacity="0.8"/>`;
const pointer = `<path d="M0 0 L0 44 L12 32 L22 54 L32 50 L22 28 L38 28 Z" fill="#fff" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>`;

const scenes = [
  // Welcome: the shop, a seller and a buyer.
  (t) =>
    g(
      480,
      250,
      0.8 + 0.2 * ease(t, 0, 1.2),
      `<rect x="-150" y="-60" width="300" height="170" rx="10" fill="#fff" stroke="${INK}" stroke-width="6"/>` +
        [0, 1, 2, 3, 4, 5]
          .map(
            (i) =>
              `<path d="M${-170 + i * 57} -60 L${-170 + (i + 1) * 57} -60 L${-170 + (i + 1) * 57} -20 Q${-170 + (i + 0.5) * 57} 0 ${-170 + i * 57} -20 Z" fill="${i % 2 ? '#fff' : BLUE}" stroke="${INK}" stroke-width="4"/>`,
          )
          .join('') +
        `<rect x="-40" y="20" width="80" height="90" rx="6" fill="#e7f1ff" stroke="${INK}" stroke-width="4"/>`,
      ease(t, 0, 0.8),
    ) +
    g(230 - 60 * (1 - ease(t, 1, 2.2)), 320, 1, person('#fd7e14'), ease(t, 1, 2.2)) +
    g(730 + 60 * (1 - ease(t, 1.6, 2.8)), 320, 1, person('#6f42c1'), ease(t, 1.6, 2.8)),
  // Sell: a phone takes the bicycle's photo, then the price tag.
  (t) =>
    g(330, 270, 1, bicycle(), 1) +
    g(
      600,
      270,
      1,
      `<rect x="-90" y="-170" width="180" height="340" rx="24" fill="${INK}"/><rect x="-76" y="-150" width="152" height="290" rx="10" fill="#fff"/>` +
        g(0, -40, 0.9, bicycle(), ease(t, 1.4, 1.8)) +
        `<circle cx="0" cy="110" r="18" fill="none" stroke="${BLUE}" stroke-width="5"/>`,
    ) +
    `<rect width="${W}" height="${H}" fill="#fff" opacity="${(t > 1.2 && t < 1.6 ? 0.8 - (t - 1.2) * 2 : 0).toFixed(2)}"/>` +
    g(
      690,
      130 + 40 * (1 - ease(t, 2.6, 3.4)),
      1,
      `<path d="M-50 -26 L40 -26 L64 0 L40 26 L-50 26 Z" fill="${GREEN}"/><circle cx="34" cy="0" r="7" fill="#fff"/><rect x="-38" y="-7" width="56" height="14" rx="7" fill="#fff"/>`,
      ease(t, 2.6, 3.4),
    ),
  // Publish: the new card drops into the listings.
  (t) =>
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const x = 260 + (i % 3) * 220;
        const y = 170 + Math.floor(i / 3) * 200;
        if (i === 0) return g(x, y - 160 * (1 - ease(t, 0.8, 2)), 1, card(t > 2, true), ease(t, 0.8, 1.4));
        return g(x, y, 1, card(false, false), 0.9);
      })
      .join('') + g(320, 110, 0.6, check(), ease(t, 2.4, 3)),
  // Buy: the magnifier finds the card, the pointer presses Order.
  (t) => {
    const found = ease(t, 0.4, 2);
    const grid = [0, 1, 2, 3, 4, 5]
      .map((i) =>
        g(
          260 + (i % 3) * 220,
          170 + Math.floor(i / 3) * 200,
          1,
          card(i === 4 && t > 2, i === 4),
          t > 2.4 && i !== 4 ? 0.3 : 1,
        ),
      )
      .join('');
    const lens = g(
      700 - 220 * found,
      170 + 200 * found,
      1,
      `<circle r="46" fill="#fff" fill-opacity="0.3" stroke="${INK}" stroke-width="8"/><path d="M32 32 L70 70" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>`,
      1 - ease(t, 2.2, 2.6),
    );
    const pressed = t > 3.8;
    const button = g(
      700,
      370,
      1,
      `<rect x="-90" y="-30" width="180" height="60" rx="30" fill="${pressed ? GREEN : BLUE}"/>` +
        (pressed ? g(0, 0, 0.5, check(GREEN)) : '<rect x="-40" y="-7" width="80" height="14" rx="7" fill="#fff"/>'),
      ease(t, 2.6, 3),
    );
    return (
      grid + lens + button + g(820 - 90 * ease(t, 3, 3.7), 460 - 70 * ease(t, 3, 3.7), 1, pointer, ease(t, 2.8, 3.1))
    );
  },
  // Chat and the order's steps.
  (t) =>
    g(230, 140, 0.8, person('#6f42c1')) +
    g(730, 140, 0.8, person('#fd7e14')) +
    g(340, 150, 1, bubble('#adb5bd', false), ease(t, 0.3, 0.8)) +
    g(620, 230, 1, bubble(BLUE, true), ease(t, 1.2, 1.7)) +
    `<rect x="280" y="386" width="400" height="8" rx="4" fill="#dee2e6"/><rect x="280" y="386" width="${(400 * ease(t, 2.2, 4.4)).toFixed(1)}" height="8" rx="4" fill="${GREEN}"/>` +
    [0, 1, 2]
      .map((i) =>
        g(
          280 + i * 200,
          390,
          0.55,
          t > 2.2 + i * 1.1 ? check() : `<circle r="40" fill="#fff" stroke="#adb5bd" stroke-width="8"/>`,
        ),
      )
      .join(''),
  // Done: a check, then five stars.
  (t) =>
    g(480, 200, 0.8 + 0.7 * ease(t, 0.2, 1), check(), ease(t, 0.2, 0.8)) +
    [0, 1, 2, 3, 4]
      .map((i) => g(300 + i * 90, 380, 1, star(t > 1.6 + i * 0.4 ? '#ffc107' : '#fff'), ease(t, 1, 1.4)))
      .join(''),
];

/** One frame: the scene, the six steps' dots under it, on a light background. */
function frame(index) {
  const seconds = index / FPS;
  const scene = Math.min(scenes.length - 1, Math.floor(seconds / SCENE_SECONDS));
  const t = seconds - scene * SCENE_SECONDS;
  const fadeIn = scene === 0 ? 1 : ease(t, 0, 0.4);
  const dots = scenes
    .map(
      (_, i) =>
        `<circle cx="${405 + i * 30}" cy="505" r="${i === scene ? 9 : 6}" fill="${i <= scene ? BLUE : '#ced4da'}"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f9fa"/><stop offset="1" stop-color="#e7f1ff"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/><g opacity="${fadeIn.toFixed(3)}">${scenes[scene](t)}</g>${dots}</svg>`
  );
}

const time = (seconds) =>
  `00:${String(Math.floor(seconds)).padStart(2, '0')}.${String(Math.round((seconds % 1) * 1000)).padStart(3, '0')}`;
const captions = (language) =>
  'WEBVTT\n\n' +
  CAPTIONS.map(
    ([en, ar], i) =>
      `${i + 1}\n${time(i * SCENE_SECONDS + 0.2)} --> ${time((i + 1) * SCENE_SECONDS - 0.2)}\n${language === 'ar' ? ar : en}\n`,
  ).join('\n');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'welcome-video-'));
const frames = scenes.length * SCENE_SECONDS * FPS;
for (let i = 0; i < frames; i++) {
  await sharp(Buffer.from(frame(i)))
    .png({ compressionLevel: 1 })
    .toFile(path.join(work, `${String(i).padStart(4, '0')}.png`));
}
const input = [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-framerate',
  String(FPS),
  '-i',
  path.join(work, '%04d.png'),
  '-an',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
];
const webm = path.join(work, 'welcome.webm');
const mp4 = path.join(work, 'welcome.mp4');
execFileSync('ffmpeg', [
  ...input,
  '-c:v',
  'libvpx-vp9',
  '-b:v',
  '0',
  '-crf',
  '42',
  '-row-mt',
  '1',
  '-deadline',
  'good',
  '-cpu-used',
  '2',
  '-pix_fmt',
  'yuv420p',
  webm,
]);
execFileSync('ffmpeg', [
  ...input,
  '-c:v',
  'libx264',
  '-preset',
  'slow',
  '-crf',
  '30',
  '-tune',
  'animation',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  mp4,
]);
const poster = await sharp(Buffer.from(frame(Math.round(3 * FPS))))
  .webp({ quality: 80 })
  .toBuffer();

/** Each file under a name that carries its content's hash, so browsers may keep it for a year. */
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const written = {};
const write = (part, name, extension, bytes) => {
  const file = `${name}-${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${extension}`;
  fs.writeFileSync(path.join(outDir, file), bytes);
  written[part] = { url: `/welcome-video/${file}`, bytes: bytes.length };
};
write('webm', 'welcome', 'webm', fs.readFileSync(webm));
write('mp4', 'welcome', 'mp4', fs.readFileSync(mp4));
write('poster', 'poster', 'webp', poster);
write('captionsEn', 'captions-en', 'vtt', Buffer.from(captions('en')));
write('captionsAr', 'captions-ar', 'vtt', Buffer.from(captions('ar')));
fs.rmSync(work, { recursive: true, force: true });

fs.mkdirSync(path.dirname(manifestFile), { recursive: true });
/** An object literal as prettier writes it. */
const literal = (entries) => `{\n${entries.map(([key, value]) => `  ${key}: ${value},\n`).join('')}}`;
const parts = Object.entries(written);
fs.writeFileSync(
  manifestFile,
  `// Written by scripts/make-welcome-video.mjs: the committed welcome video's files (decision 041).\n` +
    `export const DEFAULT_WELCOME_VIDEO = ${literal(parts.map(([part, { url }]) => [part, `'${url}'`]))} as const;\n\n` +
    `/** Bytes of each file, for the decision record's figures. */\n` +
    `export const DEFAULT_WELCOME_VIDEO_BYTES = ${literal(parts.map(([part, { bytes }]) => [part, bytes]))} as const;\n`,
);
console.log(written);
