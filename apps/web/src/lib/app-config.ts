/** Public settings the server renders into the page (`<script id="app-config">`); never secrets. */
export interface AppConfig {
  googleMapsKey: string | null;
  [setting: string]: unknown;
}

let cached: AppConfig | undefined;

export function appConfig(): AppConfig {
  if (cached) return cached;
  const element = document.getElementById('app-config');
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(element?.textContent ?? '{}');
  } catch {
    console.error('The page carries an unreadable #app-config; running without optional services.');
  }
  const settings = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const key = settings.googleMapsKey;
  cached = { ...settings, googleMapsKey: typeof key === 'string' && key !== '' ? key : null };
  return cached;
}
