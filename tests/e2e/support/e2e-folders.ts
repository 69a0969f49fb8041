import os from 'node:os';
import path from 'node:path';

/** The port the browser tests' server listens on; runs side by side pick different ones. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** The run's own folder: its server's data (DATA_DIR) and its web build. */
export const E2E_DIR = path.join(os.tmpdir(), `marketplace-e2e-${E2E_PORT}`);

export const E2E_DATA_DIR = path.join(E2E_DIR, 'data');

/** Where the server writes each e-mail as `<outbox id>.eml`: no SMTP_URL is set for the browser tests. */
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');
