import type { Timezone } from '@marketplace/contracts';

/** Offsets change with daylight saving, so the list is worked out again every quarter of an hour. */
const REFRESH_MS = 15 * 60 * 1000;

/** Every zone the runtime's time-zone data knows (CLDR's names, as browsers report them), plus UTC. */
const zoneNames: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])];
const knownZones = new Set(zoneNames);

export const isKnownTimezone = (value: string): boolean => knownZones.has(value);

let formatters: Map<string, Intl.DateTimeFormat> | undefined;
let cached: { window: number; list: Timezone[] } | undefined;

/** Every zone with its current UTC offset, ordered from west to east and then by name. */
export function listTimezones(now = new Date()): Timezone[] {
  const window = Math.floor(now.getTime() / REFRESH_MS);
  if (cached?.window === window) return cached.list;
  // Building a formatter costs far more than using one: ~0.25 ms each, 400+ zones.
  formatters ??= new Map(
    zoneNames.map((zone) => [zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })]),
  );
  const list = [...formatters]
    .map(([zone, formatter]) => describeZone(zone, offsetMinutes(formatter, now)))
    .sort((a, b) => a.offset_minutes - b.offset_minutes || a.value.localeCompare(b.value));
  cached = { window, list };
  return list;
}

function describeZone(zone: string, minutes: number): Timezone {
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = String(Math.abs(minutes) % 60).padStart(2, '0');
  return { value: zone, label: `(UTC${sign}${hours}:${rest}) ${zone.replaceAll('_', ' ')}`, offset_minutes: minutes };
}

/** 'GMT+05:45' → 345; plain 'GMT' → 0. */
function offsetMinutes(formatter: Intl.DateTimeFormat, now: Date): number {
  const name = formatter.formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}
