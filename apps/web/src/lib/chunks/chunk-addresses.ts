/**
 * Where each lazily loaded chunk lives, by chunk name. The build writes this table into index.html
 * (`<script id="chunk-addresses" type="application/json">`, see apps/web/build/chunk-addresses.ts):
 * a time-out must name the address of a request that has not answered, which the browser never says.
 */
let addresses: Readonly<Record<string, string>> | undefined;

function readAddresses(): Readonly<Record<string, string>> {
  const json = document.getElementById('chunk-addresses')?.textContent;
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The chunk's absolute address, when the build recorded it. */
export function chunkAddress(chunk: string): string | undefined {
  addresses ??= readAddresses();
  const path = addresses[chunk];
  return path === undefined ? undefined : new URL(path, document.baseURI).href;
}

/** Tests change index.html between cases. */
export function forgetChunkAddresses(): void {
  addresses = undefined;
}
