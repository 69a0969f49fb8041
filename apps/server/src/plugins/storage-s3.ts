import type { S3Client } from '@aws-sdk/client-s3';
import { KEY_PATTERN } from './storage-local-folder';
import type { MediaStorage } from './storage';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the store's address otherwise (Cloudflare R2, MinIO, a local test server). */
  endpoint?: string | undefined;
  /** Unset: the SDK's own chain (environment, shared files, the machine's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key (MinIO and most local servers). */
  forcePathStyle: boolean;
}

/** What the stored bytes are. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  // The welcome video's replaced files (decision 041).
  webm: 'video/webm',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
};

/**
 * How long a cache may keep an object: a key is new for every upload and its bytes never change, so
 * forever. Listing photos, avatars and the welcome video's files may sit in shared caches (a CDN at MEDIA_PUBLIC_URL); chat and
 * support photos only in the browser of someone the app let see them, should the bucket ever be reached directly.
 */
const cacheControlOf = (key: string): string =>
  /^(?:photos|avatars|welcome)\//.test(key)
    ? 'public, max-age=31536000, immutable'
    : 'private, max-age=31536000, immutable';

/**
 * Media in an S3-compatible bucket (MEDIA_STORAGE=s3), under the same keys as the local folder
 * ('photos/<key>-card.webp'), so a folder moves into a bucket file for file
 * (`npm run media:to-s3`, docs/deploy.md). The SDK is loaded on first use: a server on the local
 * folder never loads it.
 */
export class S3Storage implements MediaStorage {
  private client: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(private readonly settings: S3StorageSettings) {}

  async put(key: string, data: Buffer): Promise<void> {
    const { client, sdk } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checked(key),
        Body: data,
        ContentType: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
        CacheControl: cacheControlOf(key),
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    const { client, sdk } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: checked(key) }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NotFound') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { client, sdk } = await this.connect();
    // S3 answers a delete of a missing key with success, as the local folder does.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checked(key) }));
  }

  /** Whether `key` is stored, without fetching it (the move from a folder skips what is there). */
  async has(key: string): Promise<boolean> {
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: checked(key) }));
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  close(): void {
    void this.client?.then(({ client }) => client.destroy());
  }

  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.settings.region,
        forcePathStyle: this.settings.forcePathStyle,
        ...(this.settings.endpoint && { endpoint: this.settings.endpoint }),
        ...(this.settings.credentials && { credentials: this.settings.credentials }),
        // Checksums only where S3 requires them: R2, MinIO and older stores refuse the SDK's newer defaults.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.client;
  }
}

function checked(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  return key;
}
