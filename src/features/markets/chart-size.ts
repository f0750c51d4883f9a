/**
 * How tall the chart is at a width: the price pane, and each indicator pane under it. One place,
 * for the engine that draws them (chart-engine.ts, chart-indicators.ts) and for the room the
 * screen keeps while the engine's code loads (PriceChart.tsx), so that nothing under the chart
 * moves when it appears.
 */

export function chartHeight(width: number): number {
  return Math.round(Math.min(Math.max(width * 0.78, 220), 420));
}

export function paneHeight(width: number): number {
  return Math.round(Math.min(Math.max(width * 0.24, 80), 130));
}

/** The legends' line (`.chart-pane-legend`, one line until values are shown) and a pane's margin, in rem. */
const LEGEND_REM = 0.4;
const PANE_MARGIN_REM = 0.1;
/** A pane's top border (`.chart-pane`). */
const PANE_BORDER_PX = 1;

/**
 * The height of the whole chart with `panes` indicator panes, at `width` px and a root font of
 * `remPx`: the overlays' legend, the price pane, then per pane its margin, border, legend and plot.
 */
export function reservedChartHeight(width: number, panes: number, remPx: number): number {
  const pane = PANE_MARGIN_REM * remPx + PANE_BORDER_PX + LEGEND_REM * remPx + paneHeight(width);
  return Math.round(LEGEND_REM * remPx + chartHeight(width) + panes * pane);
}
