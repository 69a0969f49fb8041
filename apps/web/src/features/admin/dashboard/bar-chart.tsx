import { useI18n } from '../../../lib/i18n/i18n-store';

// The drawing's own units: the SVG scales to its column's width, text and all (dashboard.css).
const WIDTH = 320;
const HEIGHT = 150;
const TOP = 12;
const BASE = 124;
/** Room for the axis's labels on the side the time starts from, and a margin on the other. */
const AXIS = 44;
const MARGIN = 6;

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
  /** The axis's top value, written. */
  formatAxis: (value: number) => string;
  /** The last bar is a day not over yet: drawn lighter. */
  lastIsPartial?: boolean;
}

/**
 * Bars of one figure over the days, drawn as SVG: no library, a few hundred bytes
 * (docs/decisions/030-back-office.md). Time runs in the reading direction: left to right in English,
 * right to left in Arabic, the axis's labels on the side it starts from. Hidden from screen readers:
 * the table beside it says every number.
 */
export function BarChart({ values, firstLabel, lastLabel, formatAxis, lastIsPartial = true }: BarChartProps) {
  const { dir } = useI18n();
  const rtl = dir === 'rtl';
  const top = niceCeiling(Math.max(0, ...values.map((value) => value ?? 0)));
  const plotStart = rtl ? MARGIN : AXIS;
  const plotEnd = rtl ? WIDTH - AXIS : WIDTH - MARGIN;
  const slot = (plotEnd - plotStart) / Math.max(values.length, 1);
  const barWidth = Math.max(slot * 0.7, 1);
  // The x of the slot of day `index`: from the start of the reading direction.
  const slotX = (index: number) => (rtl ? plotEnd - (index + 1) * slot : plotStart + index * slot);
  const y = (value: number) => BASE - (value / top) * (BASE - TOP);
  const axisX = rtl ? WIDTH - AXIS + 4 : AXIS - 4;
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
      {[top, top / 2, 0].map((value) => (
        <g key={value} className="dashboard-chart-grid">
          <line x1={plotStart} x2={plotEnd} y1={y(value)} y2={y(value)} />
          <text x={axisX} y={y(value)} dy="0.35em" textAnchor={axisAnchor}>
            {formatAxis(value)}
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
