import { useI18n } from '../../../lib/i18n/i18n-store';

// The drawing's own units: the SVG scales to its column's width, text and all (dashboard.css).
const WIDTH = 320;
const HEIGHT = 150;
const TOP = 12;
const BASE = 124;
/** A margin on the side away from the axis's labels. */
const MARGIN = 6;
/** About the width of a character of the axis's labels, in the drawing's units (11 px text). */
const CHARACTER = 6.4;

/** 1, 2, 5 × 10ⁿ: the smallest at least `value`, so the top line's label is a round number. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

export interface BarChartProps {
  /** One value per day, oldest first; null draws no bar (nothing to show that day). */
  values: readonly (number | null)[];
  /** The first and last days' labels, written under their ends. */
  firstLabel: string;
  lastLabel: string;
  /** The axis's values, written. */
  formatAxis: (value: number) => string;
  /** The axis's top for the highest value: a round number in the figure's unit (niceCeiling). */
  ceiling?: (highest: number) => number;
  /** The last bar is a day not over yet: drawn lighter. */
  lastIsPartial?: boolean;
}

const HOUR = 3600;
/** Round tops for a time: 1, 5, 10, 30 minutes; 1, 2, 6, 12 hours; 1, 2, 3, 7, 14, 30 days; then 1, 2, 5 × 10ⁿ days. */
const DURATION_STEPS = [60, 300, 600, 1800, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, 48 * HOUR, 72 * HOUR];

export function niceDuration(seconds: number): number {
  const day = 24 * HOUR;
  return (
    DURATION_STEPS.find((step) => step >= seconds) ??
    [7, 14, 30].map((days) => days * day).find((step) => step >= seconds) ??
    niceCeiling(seconds / day) * day
  );
}

/**
 * Bars of one figure over the days, drawn as SVG: no library, a few hundred bytes
 * (docs/decisions/030-back-office.md). Time runs in the reading direction: left to right in English,
 * right to left in Arabic, the axis's labels on the side it starts from. Hidden from screen readers:
 * the table beside it says every number.
 */
export function BarChart({
  values,
  firstLabel,
  lastLabel,
  formatAxis,
  ceiling = niceCeiling,
  lastIsPartial = true,
}: BarChartProps) {
  const { dir } = useI18n();
  const rtl = dir === 'rtl';
  const top = ceiling(Math.max(0, ...values.map((value) => value ?? 0)));
  const lines = [top, top / 2, 0].map((value) => ({ value, label: formatAxis(value) }));
  // Room for the longest label on the side the time starts from.
  const axis = Math.ceil(Math.max(...lines.map(({ label }) => label.length)) * CHARACTER) + 8;
  const plotStart = rtl ? MARGIN : axis;
  const plotEnd = rtl ? WIDTH - axis : WIDTH - MARGIN;
  const slot = (plotEnd - plotStart) / Math.max(values.length, 1);
  const barWidth = Math.max(slot * 0.7, 1);
  // The x of the slot of day `index`: from the start of the reading direction.
  const slotX = (index: number) => (rtl ? plotEnd - (index + 1) * slot : plotStart + index * slot);
  const y = (value: number) => BASE - (value / top) * (BASE - TOP);
  const axisX = rtl ? WIDTH - axis + 4 : axis - 4;
  const axisAnchor = rtl ? 'start' : 'end';
  const firstX = rtl ? plotEnd : plotStart;
  const lastX = rtl ? plotStart : plotEnd;

  return (
    <svg
      className="dashboard-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      direction="ltr"
    >
      {lines.map(({ value, label }) => (
        <g key={value} className="dashboard-chart-grid">
          <line x1={plotStart} x2={plotEnd} y1={y(value)} y2={y(value)} />
          <text x={axisX} y={y(value)} dy="0.35em" textAnchor={axisAnchor}>
            {label}
          </text>
        </g>
      ))}
      {values.map((value, index) =>
        value === null || value <= 0 ? null : (
          <rect
            key={index}
            className={
              lastIsPartial && index === values.length - 1 ? 'dashboard-chart-bar partial' : 'dashboard-chart-bar'
            }
            x={slotX(index) + (slot - barWidth) / 2}
            y={y(value)}
            width={barWidth}
            height={BASE - y(value)}
          />
        ),
      )}
      <text className="dashboard-chart-day" x={firstX} y={HEIGHT - 6} textAnchor={rtl ? 'end' : 'start'}>
        {firstLabel}
      </text>
      <text className="dashboard-chart-day" x={lastX} y={HEIGHT - 6} textAnchor={rtl ? 'start' : 'end'}>
        {lastLabel}
      </text>
    </svg>
  );
}
