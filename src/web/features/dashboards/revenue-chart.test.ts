import { describe, expect, it } from 'vitest';
import { revenueChartParts } from './revenue-chart';

const names = { slips: 'Cước phiếu giao', serviceFees: 'Phí dịch vụ' };

describe('the revenue chart', () => {
  it('"Hôm nay" (one day) draws stacked bars with its figures, not a line through one point that draws nothing', () => {
    const parts = revenueChartParts([{ label: '07/12', slips: 1_250_000, serviceFees: 300_000 }], names);
    expect(parts.series.map((s) => [s.name, s.type, s.stack, s.data])).toEqual([
      ['Cước phiếu giao', 'bar', 'rev', [1_250_000]],
      ['Phí dịch vụ', 'bar', 'rev', [300_000]],
    ]);
    // A bar sits inside its category: the axis keeps a gap on both sides.
    expect(parts.xAxis).toEqual({ type: 'category', boundaryGap: true, data: ['07/12'] });
  });

  it('several days draw stacked areas from edge to edge', () => {
    const parts = revenueChartParts(
      [
        { label: '06/12', slips: 1, serviceFees: 2 },
        { label: '07/12', slips: 3, serviceFees: 4 },
      ],
      names,
    );
    expect(parts.series.map((s) => [s.type, s.data])).toEqual([
      ['line', [1, 3]],
      ['line', [2, 4]],
    ]);
    expect(parts.xAxis.boundaryGap).toBe(false);
  });
});
