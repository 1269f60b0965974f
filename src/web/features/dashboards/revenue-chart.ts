/** One period of the revenue chart: its axis label and the two sources of revenue, in đồng. */
export interface RevenuePoint {
  label: string;
  slips: number;
  serviceFees: number;
}

/**
 * The revenue chart's axis and series. Over several periods, stacked areas; over one period ("Hôm nay", one week or
 * one month), stacked bars: a line through a single point draws nothing, and the chart showed only its axis.
 */
export function revenueChartParts(points: RevenuePoint[], names: { slips: string; serviceFees: string }) {
  const single = points.length === 1;
  const series = (name: string, data: number[]) =>
    single
      ? { name, type: 'bar', stack: 'rev', barMaxWidth: 64, data }
      : { name, type: 'line', stack: 'rev', areaStyle: { opacity: 0.35 }, smooth: true, symbol: 'none', data };
  return {
    xAxis: { type: 'category', boundaryGap: single, data: points.map((p) => p.label) },
    series: [series(names.slips, points.map((p) => p.slips)), series(names.serviceFees, points.map((p) => p.serviceFees))],
  };
}
