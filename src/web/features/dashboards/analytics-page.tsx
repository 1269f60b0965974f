import './dashboards.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_FLOW_CODES, type AnalyticsDashboard } from '../../../shared/contracts/dashboard';
import { LoadFailed } from '../../components/load-failed';
import { useFormat } from '../../lib/use-format';
import { DashboardFrame } from './frame';
import { dayLabel } from './period';
import { ChartCard, FigureLink, SimpleTable, StatCard, TitledCard, useDashboard, useNumberFormat, usePeriod } from './widgets';

const kgOf = (g: number) => Math.round(g / 100) / 10;

export function AnalyticsDashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tMawb } = useTranslation('mawb');
  const fmt = useFormat();
  const num = useNumberFormat();
  const { preset, period, choose } = usePeriod();
  const query = useDashboard<AnalyticsDashboard>('analytics', period);
  const d = query.data;

  const flowLegend = useMemo(() => ANALYTICS_FLOW_CODES.map((c) => t(`analytics.flowCodes.${c}`)), [t]);
  const timesLegend = useMemo(() => [t('analytics.p50'), t('analytics.p90')], [t]);
  const mawbLegend = useMemo(() => (d?.mawbsByStatus ?? []).map((s) => tMawb(`statuses.${s.key}`)), [d, tMawb]);
  const flowOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.flowByDay ?? []).map((r) => dayLabel(r.day).slice(0, 5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: ANALYTICS_FLOW_CODES.map((code) => ({
        name: t(`analytics.flowCodes.${code}`),
        type: 'bar',
        stack: 'flow',
        barMaxWidth: 28,
        data: (d?.flowByDay ?? []).map((r) => r[code]),
      })),
    }),
    [d, t],
  );
  const weeks = useMemo(() => [...new Set((d?.weightByRouteWeek ?? []).map((w) => w.week))].sort(), [d]);
  const routes = useMemo(() => [...new Set((d?.weightByRouteWeek ?? []).map((w) => w.route))].sort(), [d]);
  const weightOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${num.decimal(v)} kg` },
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: weeks.map((w) => dayLabel(w).slice(0, 5)) },
      yAxis: { type: 'value' },
      series: routes.map((route) => ({
        name: route,
        type: 'bar',
        stack: 'w',
        barMaxWidth: 32,
        data: weeks.map((w) => kgOf(d?.weightByRouteWeek.find((x) => x.week === w && x.route === route)?.chargeableG ?? 0)),
      })),
    }),
    [d, weeks, routes, num],
  );
  const mawbOption = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      series: [
        {
          name: t('analytics.mawbsByStatus'),
          type: 'pie',
          radius: ['45%', '75%'],
          center: ['50%', '50%'],
          label: { show: false },
          data: (d?.mawbsByStatus ?? []).map((s) => ({ name: tMawb(`statuses.${s.key}`), value: s.count })),
        },
      ],
    }),
    [d, t, tMawb],
  );
  // Routes down the side (every name readable on a phone), hours along.
  const transitOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', name: 'h', nameGap: 6 },
      yAxis: { type: 'category', inverse: true, data: (d?.transitByRoute ?? []).map((r) => r.route) },
      series: [
        { name: t('analytics.p50'), type: 'bar', barMaxWidth: 14, data: (d?.transitByRoute ?? []).map((r) => r.p50Hours) },
        { name: t('analytics.p90'), type: 'bar', barMaxWidth: 14, data: (d?.transitByRoute ?? []).map((r) => r.p90Hours) },
      ],
    }),
    [d, t],
  );
  const trendOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: (d?.transitTrend ?? []).map((r) => dayLabel(r.week).slice(0, 5)) },
      yAxis: { type: 'value', name: 'h' },
      series: [
        { name: t('analytics.p50'), type: 'line', smooth: true, data: (d?.transitTrend ?? []).map((r) => r.p50Hours) },
        { name: t('analytics.p90'), type: 'line', smooth: true, data: (d?.transitTrend ?? []).map((r) => r.p90Hours) },
      ],
    }),
    [d, t],
  );
  // Scans: each employee's total over the period and their busiest day.
  const scanTotals = useMemo(() => {
    const by = new Map<number, { name: string; total: number; days: number; best: number }>();
    for (const s of d?.scansByEmployee ?? []) {
      const cur = by.get(s.userId) ?? { name: s.fullName, total: 0, days: 0, best: 0 };
      cur.total += s.scans;
      cur.days += 1;
      cur.best = Math.max(cur.best, s.scans);
      by.set(s.userId, cur);
    }
    return [...by.values()].sort((a, b) => b.total - a.total);
  }, [d]);
  const scansOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: scanTotals.slice(0, 10).map((s) => s.name) },
      series: [{ name: t('analytics.scansPerDay'), type: 'bar', barMaxWidth: 20, data: scanTotals.slice(0, 10).map((s) => (s.days ? Math.round((s.total / s.days) * 10) / 10 : 0)) }],
    }),
    [scanTotals, t],
  );

  if (query.isError && !d) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} backTo="/" />;

  const flowTotal = (code: (typeof ANALYTICS_FLOW_CODES)[number]) => (d?.flowByDay ?? []).reduce((n, r) => n + r[code], 0);
  return (
    <DashboardFrame kind="analytics" preset={preset} period={period} onChoose={choose} fetching={query.isFetching} updatedAt={query.dataUpdatedAt} loading={!d}>
      {d && (
        <>
          <div className="row g-3 mb-3">
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard title={t('analytics.delivered')} icon="bi-box-seam" value={fmt.integer(d.cards.delivered.value)} figure={d.cards.delivered} previous={d.previousPeriod} link={d.cards.delivered.link} />
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard
                title={t('analytics.firstAttempt')}
                icon="bi-bullseye"
                value={d.cards.firstAttemptRate.value === null ? '—' : `${num.decimal(d.cards.firstAttemptRate.value)}%`}
                rate={d.cards.firstAttemptRate}
                previous={d.previousPeriod}
                hint={
                  <>
                    <FigureLink link={d.cards.firstAttemptRate.delivered.link} count={d.cards.firstAttemptRate.delivered.count}>{t('analytics.firstDelivered', { count: d.cards.firstAttemptRate.delivered.count })}</FigureLink>
                    {' / '}
                    <FigureLink link={d.cards.firstAttemptRate.attempts.link} count={d.cards.firstAttemptRate.attempts.count}>{t('analytics.firstAttempts', { count: d.cards.firstAttemptRate.attempts.count })}</FigureLink>
                  </>
                }
              />
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard
                title={t('analytics.rating')}
                icon="bi-star-half"
                value={d.cards.averageRating.value === null ? '—' : `${num.decimal(d.cards.averageRating.value, 2)} / 5`}
                rate={d.cards.averageRating}
                previous={d.previousPeriod}
                hint={<FigureLink link={d.cards.averageRating.link} count={d.cards.averageRating.count}>{t('analytics.ratingHint', { count: d.cards.averageRating.count })}</FigureLink>}
              />
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard title={t('analytics.failed')} icon="bi-exclamation-octagon" value={fmt.integer(d.cards.failedDeliveries.value)} figure={d.cards.failedDeliveries} previous={d.previousPeriod} link={d.cards.failedDeliveries.link} downIsGood />
            </div>
          </div>

          <TitledCard id="dash-ageing" title={t('analytics.ageing')} icon="bi-hourglass-split" className="mb-3">
            <div className="card-body">
              <div className="row g-3">
                {(
                  [
                    ['abroadNotOnMawb', d.ageing.abroadNotOnMawb, undefined],
                    ['readyNotOnSlip', d.ageing.readyNotOnSlip, undefined],
                    ['slipsNotConfirmed', d.ageing.slipsNotConfirmed, d.ageing.slipsNotConfirmed.amount],
                    ['codNotReconciled', d.ageing.codNotReconciled, d.ageing.codNotReconciled.amount],
                  ] as const
                ).map(([key, fig, amount]) => (
                  <div key={key} className="col-12 col-sm-6 col-xl-3">
                    <div className={`dash-ageing ${fig.count > 0 ? 'dash-ageing-alert' : ''}`}>
                      <div className="small text-body-secondary">{t(`analytics.${key}`)}</div>
                      <div className="dash-stat-value">
                        <FigureLink link={fig.link} count={fig.count}>{fmt.integer(fig.count)}</FigureLink>
                      </div>
                      {amount !== undefined && <div className="small fw-semibold">{fmt.vnd(amount)}</div>}
                      {fig.byStore.length > 0 && (
                        <ul className="dash-stores list-unstyled small mb-0 mt-2" aria-label={t('analytics.byWarehouse')}>
                          {fig.byStore.map((w) => (
                            <li key={w.storeId} className="d-flex gap-2">
                              <span className="text-body-secondary text-truncate me-auto" title={w.name}>
                                {w.code}
                              </span>
                              <FigureLink link={w.link}>{fmt.integer(w.count)}</FigureLink>
                              {w.amount !== undefined && <span className="text-nowrap">{fmt.vnd(w.amount)}</span>}
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  </div>
                ))}
              </div>
            </div>
          </TitledCard>

          <div className="row g-3 mb-3">
            <div className="col-12 col-xl-8">
              <ChartCard
                title={t('analytics.flow')}
                option={flowOption}
                legend={flowLegend}
                linkOf={(i) => d.flowByDay[i.dataIndex]?.links[ANALYTICS_FLOW_CODES[i.seriesIndex]!]}
                summary={ANALYTICS_FLOW_CODES.map((c) => `${t(`analytics.flowCodes.${c}`)}: ${flowTotal(c)}`).join(', ')}
                table={
                  <SimpleTable
                    caption={t('analytics.flow')}
                    head={[t('analytics.day'), ...ANALYTICS_FLOW_CODES.map((c) => t(`analytics.flowCodes.${c}`))]}
                    rows={d.flowByDay.map((r) => [
                      dayLabel(r.day),
                      ...ANALYTICS_FLOW_CODES.map((c) => (
                        <FigureLink key={c} link={r.links[c]} count={r[c]}>
                          {fmt.integer(r[c])}
                        </FigureLink>
                      )),
                    ])}
                  />
                }
              />
            </div>
            <div className="col-12 col-md-6 col-xl-4">
              <ChartCard
                title={t('analytics.mawbsByStatus')}
                option={mawbOption}
                legend={mawbLegend}
                linkOf={(i) => d.mawbsByStatus[i.dataIndex]?.link}
                empty={d.mawbsByStatus.length === 0}
                summary={d.mawbsByStatus.map((s) => `${tMawb(`statuses.${s.key}`)}: ${s.count}`).join(', ')}
                table={
                  <SimpleTable
                    caption={t('analytics.mawbsByStatus')}
                    head={[t('ecommerce.status'), 'MAWB']}
                    rows={d.mawbsByStatus.map((s) => [tMawb(`statuses.${s.key}`), <FigureLink key="n" link={s.link}>{fmt.integer(s.count)}</FigureLink>])}
                  />
                }
              />
            </div>
            <div className="col-12 col-md-6 col-xl-6">
              <ChartCard
                title={t('analytics.weight')}
                option={weightOption}
                legend={routes}
                empty={d.weightByRouteWeek.length === 0}
                summary={routes.map((r) => `${r}: ${num.decimal(kgOf(d.weightByRouteWeek.filter((w) => w.route === r).reduce((n, w) => n + w.chargeableG, 0)))} kg`).join(', ')}
                table={
                  <SimpleTable
                    caption={t('analytics.weight')}
                    head={[t('analytics.week'), t('ecommerce.route'), 'kg']}
                    rows={d.weightByRouteWeek.map((w) => [dayLabel(w.week), w.route, num.decimal(kgOf(w.chargeableG))])}
                  />
                }
              />
            </div>
            <div className="col-12 col-xl-6">
              <ChartCard
                title={t('analytics.transit')}
                option={transitOption}
                legend={timesLegend}
                linkOf={(i) => d.transitByRoute[i.dataIndex]?.link}
                height={Math.max(200, d.transitByRoute.length * 40 + 40)}
                empty={d.transitByRoute.length === 0}
                summary={d.transitByRoute.map((r) => `${r.route}: ${t('analytics.p50')} ${r.p50Hours}, ${t('analytics.p90')} ${r.p90Hours}`).join('; ')}
                table={
                  <SimpleTable
                    caption={t('analytics.transit')}
                    head={[t('ecommerce.route'), t('ecommerce.packages'), t('analytics.p50'), t('analytics.p90')]}
                    rows={d.transitByRoute.map((r) => [r.route, <FigureLink key="n" link={r.link} count={r.packages}>{fmt.integer(r.packages)}</FigureLink>, num.decimal(r.p50Hours), num.decimal(r.p90Hours)])}
                  />
                }
              />
            </div>
            <div className="col-12 col-xl-6">
              <ChartCard
                title={t('analytics.transitTrend')}
                option={trendOption}
                legend={timesLegend}
                linkOf={(i) => d.transitTrend[i.dataIndex]?.link}
                empty={d.transitTrend.length === 0}
                summary={d.transitTrend.map((r) => `${dayLabel(r.week)}: ${r.p50Hours} / ${r.p90Hours}`).join('; ')}
                table={
                  <SimpleTable
                    caption={t('analytics.transitTrend')}
                    head={[t('analytics.week'), t('ecommerce.packages'), t('analytics.p50'), t('analytics.p90')]}
                    rows={d.transitTrend.map((r) => [dayLabel(r.week), <FigureLink key="n" link={r.link} count={r.packages}>{fmt.integer(r.packages)}</FigureLink>, num.decimal(r.p50Hours), num.decimal(r.p90Hours)])}
                  />
                }
              />
            </div>
            <div className="col-12 col-md-6 col-xl-6">
              <TitledCard id="dash-failed" title={t('analytics.failedByReason')}>
                <div className="card-body p-0">
                  {d.failedByReason.length === 0 ? (
                    <p className="text-body-secondary text-center my-4">{t('empty')}</p>
                  ) : (
                    <SimpleTable
                      head={[t('analytics.reason'), t('analytics.slips')]}
                      rows={d.failedByReason.map((f) => [t(`analytics.reasons.${f.key}`), <FigureLink key="n" link={f.link}>{fmt.integer(f.count)}</FigureLink>])}
                    />
                  )}
                </div>
              </TitledCard>
            </div>
          </div>

          <ChartCard
            title={t('analytics.scans')}
            option={scansOption}
            empty={scanTotals.length === 0}
            height={Math.max(160, Math.min(10, scanTotals.length) * 32 + 40)}
            summary={scanTotals.map((s) => `${s.name}: ${s.total}`).join(', ')}
            table={
              <SimpleTable
                caption={t('analytics.scans')}
                head={[t('analytics.employee'), t('analytics.day'), t('analytics.scanCount')]}
                rows={d.scansByEmployee.map((s) => [s.fullName, dayLabel(s.day), fmt.integer(s.scans)])}
              />
            }
          />
        </>
      )}
    </DashboardFrame>
  );
}
