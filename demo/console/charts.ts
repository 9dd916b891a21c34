/**
 * The Insights page's charts, drawn by uPlot (the console's only chart library; the widget never
 * loads it): figures per day over a range, or per hour of the day. uPlot draws at once, without
 * animation, so prefers-reduced-motion asks nothing more of it. What a chart shows is also said in
 * words and in a table by the element around it (owner-chart.ts).
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** One value per point of the x axis; null where there is nothing to show (a rate of no questions). */
  values: (number | null)[];
}

export interface ChartSpec {
  /** What the x axis counts: the days of a range (`YYYY-MM-DD`), or the 24 hours of a day. */
  x: { kind: 'days'; days: string[] } | { kind: 'hours' };
  series: ChartSeries[];
  /** Bars (one series) instead of lines. */
  bars?: boolean;
  /** The values are percentages, 0–100. */
  percent?: boolean;
}

/**
 * Each series' colour and line (a bar is filled with its colour): at least 4.5:1 against white,
 * more than graphics need, and told apart by the dash too, not by colour alone.
 */
export const PALETTE = [
  { stroke: '#0b5cad', dash: [] as number[] },
  { stroke: '#b45309', dash: [6, 4] },
  { stroke: '#15803d', dash: [2, 3] },
] as const;

const AXIS = { stroke: '#334155', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#cbd5e1', width: 1 } };
/** Whole numbers only on a count's axis: nobody asked 2.5 questions. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];
const HALF_DAY = 43_200;

/** An hour of the day as the owner reads it ("2 PM", "14"). */
export const hourLabel = (hour: number) =>
  new Date(Date.UTC(2000, 0, 1, hour)).toLocaleTimeString(undefined, { timeZone: 'UTC', hour: 'numeric' });

/** The x values uPlot plots: a day's midnight (UTC, seconds), or the hour. */
function xValues(spec: ChartSpec): number[] {
  return spec.x.kind === 'days'
    ? spec.x.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
    : Array.from({ length: 24 }, (_, h) => h);
}

/** Draws the chart into `target`, `width` CSS pixels wide; the caller resizes (setSize) and destroys it. */
export function drawChart(spec: ChartSpec, target: HTMLElement, width: number, height = 220): uPlot {
  const days = spec.x.kind === 'days';
  const bars = spec.bars ? uPlot.paths.bars!({ size: [0.7, 48] }) : undefined;
  const options: uPlot.Options = {
    width,
    height,
    legend: { show: false },
    // A chart to read, not to zoom: dragging selects nothing.
    cursor: { drag: { x: false, y: false, setScale: false } },
    // The days are the chatbot's calendar days: shown as written, whatever the owner's time zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: {
      x: {
        time: days,
        // Bars, and a range of one day, need room on either side.
        range: (_u, min, max) =>
          days
            ? [min - (bars || min === max ? HALF_DAY : 0), max + (bars || min === max ? HALF_DAY : 0)]
            : [min - 0.5, max + 0.5],
      },
      y: { range: (_u, _min, max) => (spec.percent ? [0, 100] : [0, Math.max(4, Math.ceil(max * 1.1))]) },
    },
    axes: [
      {
        ...AXIS,
        ...(days ? {} : { incrs: [1, 2, 3, 6], values: (_u: uPlot, splits: number[]) => splits.map(hourLabel) }),
      },
      {
        ...AXIS,
        size: 48,
        incrs: spec.percent ? [10, 20, 25, 50] : COUNT_STEPS,
        values: (_u, splits) => splits.map((v) => (spec.percent ? `${v}%` : v.toLocaleString())),
      },
    ],
    series: [
      {},
      ...spec.series.map((s, i) => {
        const look = PALETTE[i % PALETTE.length]!;
        return bars
          ? { label: s.label, stroke: look.stroke, fill: look.stroke, width: 0, paths: bars, points: { show: false } }
          : {
              label: s.label,
              stroke: look.stroke,
              width: 2,
              dash: [...look.dash],
              spanGaps: false,
              points: { size: 6, fill: look.stroke },
            };
      }),
    ],
  };
  return new uPlot(options, [xValues(spec), ...spec.series.map((s) => s.values)] as uPlot.AlignedData, target);
}
