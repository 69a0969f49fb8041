import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, StartupError } from './config';
import { KEY_PATTERN } from './plugins/storage-local-folder';
import { S3Storage } from './plugins/storage-s3';

/**
 * `npm run media:to-s3`: copies DATA_DIR/media into the bucket the S3_* settings name, under the
 * same keys, so a deployment moves from one machine's folder to object storage (docs/deploy.md).
 * Files already in the bucket are skipped: run it while the app still writes to the folder, then
 * again after switching MEDIA_STORAGE=s3, and nothing is lost. The folder is left as it was.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, MEDIA_STORAGE: 's3' });
  if (config.media.kind !== 's3') throw new StartupError('Set S3_BUCKET (and the other S3_* settings) first.');
  const folder = path.join(config.dataDir, 'media');
  const files = await fs.readdir(folder, { recursive: true }).catch(() => {
    throw new StartupError(`There is no media folder at ${folder}; set DATA_DIR to the app's data folder.`);
  });
  const bucket = new S3Storage(config.media);
  const counts = { copied: 0, present: 0, skipped: 0 };
  try {
    for (const file of files.map(String).sort()) {
      const key = file.split(path.sep).join('/');
      if (!KEY_PATTERN.test(key)) {
        // Folders, and files that are no upload of the app's (a half-written `.partial`).
        if (!(await fs.stat(path.join(folder, file))).isDirectory()) counts.skipped += 1;
        continue;
      }
      if (await bucket.has(key)) {
        counts.present += 1;
        continue;
      }
      await bucket.put(key, await fs.readFile(path.join(folder, file)));
      counts.copied += 1;
    }
  } finally {
    bucket.close();
  }
  process.stdout.write(
    `Copied ${counts.copied} files into the bucket ${config.media.bucket}; ${counts.present} were there already` +
      (counts.skipped > 0 ? `; ${counts.skipped} files that are not media were left out` : '') +
      '.\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof StartupError ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
