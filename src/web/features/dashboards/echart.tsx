import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only the chart types the dashboards draw: this module is imported by the dashboards' lazy chunk alone, so
// ECharts never reaches the login page's JavaScript.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = EChartsCoreOption;

/** Colours of the charts' text and lines in each colour mode (the series keep the palette below). */
const INK = {
  light: { text: '#495057', axis: '#ced4da', split: '#e9ecef', tooltip: '#ffffff' },
  dark: { text: '#ced4da', axis: '#495057', split: '#343a40', tooltip: '#212529' },
};
export const PALETTE = ['#0d6efd', '#20c997', '#fd7e14', '#6f42c1', '#dc3545', '#ffc107', '#0dcaf0', '#6c757d', '#198754', '#d63384'];

/** Axis, legend and tooltip styling of the mode, merged under the chart's own option. */
function themed(option: ChartOption, dark: boolean): ChartOption {
  const ink = dark ? INK.dark : INK.light;
  const axis = (a: unknown) =>
    a === undefined
      ? undefined
      : (Array.isArray(a) ? a : [a]).map((x: Record<string, unknown>) => ({
          axisLabel: { color: ink.text, fontSize: 12, ...(x.axisLabel as object) },
          axisLine: { lineStyle: { color: ink.axis } },
          splitLine: { lineStyle: { color: ink.split } },
          ...x,
        }));
  const o = option as Record<string, unknown>;
  return {
    color: PALETTE,
    backgroundColor: 'transparent',
    textStyle: { color: ink.text, fontFamily: 'inherit' },
    animationDurationUpdate: 300,
    ...o,
    legend: o.legend ? { textStyle: { color: ink.text, fontSize: 12 }, type: 'scroll', pageTextStyle: { color: ink.text }, ...(o.legend as object) } : undefined,
    tooltip: { backgroundColor: ink.tooltip, borderColor: ink.axis, textStyle: { color: ink.text }, confine: true, ...(o.tooltip as object) },
    xAxis: axis(o.xAxis),
    yAxis: axis(o.yAxis),
  };
}

/**
 * One ECharts canvas. The instance lives as long as the element: new data is merged into it (no re-creation, so
 * a refresh never blanks the chart); it follows the container's size. Screen readers get `label` (a summary)
 * and the table the caller renders next to it.
 */
export function EChart({ option, dark, label, height = 280 }: { option: ChartOption; dark: boolean; label: string; height?: number }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const node = el.current!;
    const instance = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // replaceMerge on series: a series that disappeared (a route no longer flown) is removed, the rest animate.
    chart.current?.setOption(themed(option, dark), { replaceMerge: ['series', 'xAxis', 'yAxis'] });
  }, [option, dark]);

  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
