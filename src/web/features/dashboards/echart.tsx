import { useEffect, useRef, useState } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only the chart types the dashboards draw: this module is imported by the dashboards' lazy chunk alone, so
// ECharts never reaches the login page's JavaScript.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = EChartsCoreOption;

/** What was clicked: the series (a bar stack's layer) and the index of the category or slice. */
export interface ChartItem {
  seriesIndex: number;
  dataIndex: number;
}

/** Colours of the charts' text and lines in each colour mode (the series keep the palette below). */
const INK = {
  light: { text: '#495057', axis: '#ced4da', split: '#e9ecef', tooltip: '#ffffff' },
  dark: { text: '#ced4da', axis: '#495057', split: '#343a40', tooltip: '#212529' },
};
const PALETTE = ['#0d6efd', '#20c997', '#fd7e14', '#6f42c1', '#dc3545', '#ffc107', '#0dcaf0', '#6c757d', '#198754', '#d63384'];

/**
 * Axis, tooltip and text styling of the mode, merged under the chart's own option. The legend is drawn in HTML
 * beside the canvas (it wraps like text on a phone, in the page's font; a canvas legend pages through its items
 * instead); the component stays, hidden, so the HTML legend can switch series on and off through it.
 */
function themed(option: ChartOption, dark: boolean, legend: string[] | undefined, clickable: boolean): ChartOption {
  const ink = dark ? INK.dark : INK.light;
  const axis = (a: unknown) =>
    a === undefined
      ? undefined
      : (Array.isArray(a) ? a : [a]).map((x: Record<string, unknown>) => ({
          axisLabel: { color: ink.text, fontSize: 12, ...(x.axisLabel as object) },
          axisLine: { lineStyle: { color: ink.axis } },
          splitLine: { lineStyle: { color: ink.split } },
          nameTextStyle: { color: ink.text },
          ...x,
        }));
  const o = option as Record<string, unknown>;
  return {
    color: PALETTE,
    backgroundColor: 'transparent',
    textStyle: { color: ink.text, fontFamily: 'inherit' },
    animationDurationUpdate: 300,
    ...o,
    legend: legend ? { show: false, data: legend } : undefined,
    tooltip: { backgroundColor: ink.tooltip, borderColor: ink.axis, textStyle: { color: ink.text }, confine: true, ...(o.tooltip as object) },
    xAxis: axis(o.xAxis),
    yAxis: axis(o.yAxis),
    // A pointer over bars and slices that lead to a list, an arrow over the others.
    series: (o.series as Array<Record<string, unknown>> | undefined)?.map((x) => ({ cursor: clickable ? 'pointer' : 'default', ...x })),
  };
}

/**
 * One ECharts canvas. The instance lives as long as the element: new data is merged into it (no re-creation, so
 * a refresh never blanks the chart); it follows the container's size. Screen readers get `label` (a summary)
 * and the table the caller renders next to it. `legend` names the series (or the slices of a pie) in palette
 * order; `onItemClick` makes the bars and slices clickable (the caller decides where they lead).
 */
export function EChart({
  option,
  dark,
  label,
  height = 280,
  legend,
  onItemClick,
}: {
  option: ChartOption;
  dark: boolean;
  label: string;
  height?: number;
  legend?: string[];
  onItemClick?: (item: ChartItem) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onItemClick);
  click.current = onItemClick;
  const [hidden, setHidden] = useState<Record<string, boolean>>({});
  const clickable = !!onItemClick;

  useEffect(() => {
    const node = el.current!;
    const instance = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (p) => {
      const e = p as { componentType?: string; seriesIndex?: number; dataIndex?: number };
      if (e.componentType === 'series' && e.seriesIndex !== undefined && e.dataIndex !== undefined) click.current?.({ seriesIndex: e.seriesIndex, dataIndex: e.dataIndex });
    });
    instance.on('legendselectchanged', (p) => {
      const selected = (p as { selected: Record<string, boolean> }).selected;
      setHidden(Object.fromEntries(Object.entries(selected).map(([k, on]) => [k, !on])));
    });
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
    chart.current?.setOption(themed(option, dark, legend, clickable), { replaceMerge: ['series', 'xAxis', 'yAxis'] });
  }, [option, dark, legend, clickable]);

  return (
    <div>
      {legend && legend.length > 0 && (
        <ul className="dash-legend list-unstyled d-flex flex-wrap gap-1 mb-2">
          {legend.map((name, i) => (
            <li key={name}>
              <button
                type="button"
                className="btn btn-sm dash-legend-item"
                aria-pressed={!hidden[name]}
                onClick={() => chart.current?.dispatchAction({ type: 'legendToggleSelect', name })}
              >
                <span className="dash-legend-swatch" style={{ background: hidden[name] ? 'transparent' : PALETTE[i % PALETTE.length], borderColor: PALETTE[i % PALETTE.length] }} aria-hidden="true" />
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />
    </div>
  );
}
