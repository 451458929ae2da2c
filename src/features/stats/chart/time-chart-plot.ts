/**
 * The chart over time, drawn by uPlot (a canvas chart of about 23 KB gzipped). This module and
 * uPlot are imported only by TimeChart.tsx's dynamic import, so they are a chunk of their own
 * that only the stats console ever loads.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TIME_STEPS, type TimeChartData, type TimeStep } from '../stats-chart-data';

export interface TimeChartText {
  /** The x values' name in the legend ("Day"). */
  x: string;
  views: string;
  steps: Record<TimeStep, string>;
  /** A day (UTC midnight in seconds) on the axis and in the legend. */
  day: (seconds: number) => string;
  count: (value: number) => string;
}

export interface TimeChart {
  resize: (width: number) => void;
  destroy: () => void;
}

/** Whole numbers only: a count of 2.5 sign-ups means nothing. */
const COUNT_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4];
const DAY = 86_400;
const DAY_INCRS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY];

/** A colour of the console's theme (stats.scss sets them per design). */
const themeColour = (target: HTMLElement, name: string) =>
  getComputedStyle(target).getPropertyValue(name).trim() || 'currentColor';

/** Draws `data` into `target`, `width` CSS pixels wide; the caller resizes and destroys it. */
export function drawTimeChart(
  target: HTMLElement,
  data: TimeChartData,
  text: TimeChartText,
  width: number,
  height: number,
): TimeChart {
  const colour = (name: string) => themeColour(target, name);
  const axisText = colour('--stats-axis');
  const grid = { stroke: colour('--stats-grid'), width: 1 };
  const ticks = { stroke: colour('--stats-grid'), width: 1, size: 4 };
  const font = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const countValues = (_: uPlot, splits: number[]) => splits.map((v) => text.count(v));
  const legendCount = (_: uPlot, v: number | null) => (v === null ? '–' : text.count(v));
  /** Each series' colour by its index (0 is the days). */
  const lines = [
    axisText,
    colour('--stats-views'),
    ...TIME_STEPS.map((_, i) => colour(`--stats-series-${i + 1}`)),
  ];

  const options: uPlot.Options = {
    width,
    height,
    pxAlign: false,
    // The server counts UTC days: ticks fall on UTC midnights wherever the operator sits.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, count: { range: (_, __, max) => [0, Math.max(4, max)] } },
    axes: [
      {
        stroke: axisText,
        grid,
        ticks,
        font,
        incrs: DAY_INCRS,
        values: (_, splits) => splits.map((v) => text.day(v)),
        space: 64,
      },
      {
        scale: 'count',
        stroke: axisText,
        grid,
        ticks,
        font,
        incrs: COUNT_INCRS,
        values: countValues,
      },
      {
        scale: 'views',
        side: 1,
        stroke: axisText,
        grid: { show: false },
        ticks,
        font,
        incrs: COUNT_INCRS,
        values: countValues,
      },
    ],
    series: [
      { label: text.x, value: (_, v: number | null) => (v === null ? '' : text.day(v)) },
      {
        label: text.views,
        scale: 'views',
        stroke: lines[1],
        fill: colour('--stats-views-fill'),
        width: 1.5,
        points: { show: false },
        value: legendCount,
      },
      ...TIME_STEPS.map((step, i): uPlot.Series => ({
        label: text.steps[step],
        scale: 'count',
        stroke: colour(`--stats-series-${i + 1}`),
        width: 2,
        points: { size: 5 },
        value: legendCount,
      })),
    ],
    cursor: { drag: { x: false, y: false } },
    // Filled markers: a line's colour reads better as a swatch than as a hollow square.
    legend: { live: true, markers: { fill: (_, i) => lines[i] ?? '' } },
    // The legend says the values of the day under the cursor, and only the series' names at rest.
    hooks: {
      setLegend: [(u) => u.root.classList.toggle('is-pointing', u.cursor.idx != null)],
    },
  };
  const plot = new uPlot(
    options,
    [data.x, data.views, ...TIME_STEPS.map((step) => data.steps[step])],
    target,
  );
  return {
    resize: (next) => plot.setSize({ width: next, height }),
    destroy: () => plot.destroy(),
  };
}
