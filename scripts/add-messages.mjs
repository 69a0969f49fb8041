// Adds messages to the catalogues, in English and Arabic together, in one read-modify-write per file:
//   node scripts/add-messages.mjs '{"admin.queue.title": {"en": "Moderation queue", "ar": "قائمة الإشراف"}}'
// or with a file of that shape: node scripts/add-messages.mjs --file messages.json
// A key that exists is replaced. Keys stay in the order they were added.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [first, second] = process.argv.slice(2);
const text = first === '--file' ? fs.readFileSync(second, 'utf8') : first;
if (!text) {
  process.stderr.write('Usage: node scripts/add-messages.mjs \'{"key": {"en": "…", "ar": "…"}}\' | --file F\n');
  process.exit(1);
}
const additions = JSON.parse(text);
for (const [key, texts] of Object.entries(additions)) {
  if (typeof texts?.en !== 'string' || typeof texts?.ar !== 'string') {
    process.stderr.write(`${key}: give both "en" and "ar"\n`);
    process.exit(1);
  }
}
for (const locale of ['en', 'ar']) {
  const file = path.join(root, 'packages/contracts/src/i18n/messages', `${locale}.json`);
  const catalogue = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [key, texts] of Object.entries(additions)) catalogue[key] = texts[locale];
  fs.writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
}
process.stdout.write(`Added ${Object.keys(additions).length} message(s) in en and ar.\n`);
