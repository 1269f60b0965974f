import './dashboards.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EcommerceDashboard } from '../../../shared/contracts/dashboard';
import type { OrderStatus } from '../../../shared/contracts/orders';
import type { TransactionType } from '../../../shared/contracts/transactions';
import { LoadFailed } from '../../components/load-failed';
import { OrderStatusBadge } from '../../entities/order/badges';
import { SignedAmount, TransactionTypeBadge } from '../../entities/transaction/badges';
import { useFormat } from '../../lib/use-format';
import { DashboardFrame } from './frame';
import { dayLabel, weekOf } from './period';
import { ChartCard, FigureLink, RecentList, SimpleTable, StatCard, TitledCard, useDashboard, useNumberFormat, usePeriod } from './widgets';
import { Link } from 'react-router';
import { useBankSummary } from '../../entities/bank-transaction/api';
import { useAuth } from '../../lib/use-auth';
import { revenueChartParts } from './revenue-chart';

type Grain = 'day' | 'week' | 'month';

/** Sums the daily revenue into weeks (from Monday) or months. */
function revenueSeries(rows: EcommerceDashboard['revenueByDay'], grain: Grain) {
  if (grain === 'day') return rows.map((r) => ({ key: r.day, label: dayLabel(r.day).slice(0, 5), slips: r.slips, serviceFees: r.serviceFees }));
  const out = new Map<string, { key: string; label: string; slips: number; serviceFees: number }>();
  for (const r of rows) {
    const key = grain === 'week' ? weekOf(r.day) : r.day.slice(0, 7);
    const label = grain === 'week' ? dayLabel(key).slice(0, 5) : `${key.slice(5, 7)}/${key.slice(0, 4)}`;
    const cur = out.get(key) ?? { key, label, slips: 0, serviceFees: 0 };
    cur.slips += r.slips;
    cur.serviceFees += r.serviceFees;
    out.set(key, cur);
  }
  return [...out.values()];
}

export function EcommerceDashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tOrder } = useTranslation('order');
  const fmt = useFormat();
  const num = useNumberFormat();
  const { preset, period, choose } = usePeriod();
  const query = useDashboard<EcommerceDashboard>('ecommerce', period);
  const [grain, setGrain] = useState<Grain>('day');
  const d = query.data;

  const revenue = useMemo(() => (d ? revenueSeries(d.revenueByDay, grain) : []), [d, grain]);
  const revenueLegend = useMemo(() => [t('ecommerce.slips'), t('ecommerce.serviceFees')], [t]);
  const statusLegend = useMemo(() => (d?.ordersByStatus ?? []).map((s) => tOrder(`statuses.${s.key}`)), [d, tOrder]);
  const revenueOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => fmt.vnd(v) },
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => num.compact(v) } },
      ...revenueChartParts(revenue, { slips: t('ecommerce.slips'), serviceFees: t('ecommerce.serviceFees') }),
    }),
    [revenue, t, fmt, num],
  );
  const statusOption = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      series: [
        {
          name: t('ecommerce.ordersByStatus'),
          type: 'pie',
          radius: ['45%', '75%'],
          center: ['50%', '50%'],
          label: { show: false },
          data: (d?.ordersByStatus ?? []).map((s) => ({ name: tOrder(`statuses.${s.key}`), value: s.count })),
        },
      ],
    }),
    [d, t, tOrder],
  );
  const routeOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => fmt.vnd(v) },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => num.compact(v) } },
      yAxis: { type: 'category', inverse: true, data: (d?.revenueByRoute ?? []).map((r) => r.route) },
      series: [{ name: t('ecommerce.amount'), type: 'bar', barMaxWidth: 24, data: (d?.revenueByRoute ?? []).map((r) => r.amount) }],
    }),
    [d, t, fmt, num],
  );

  if (query.isError && !d) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} backTo="/" />;

  return (
    <DashboardFrame kind="ecommerce" preset={preset} period={period} onChoose={choose} fetching={query.isFetching} updatedAt={query.dataUpdatedAt} loading={!d}>
      {d && (
        <>
          <BankTransfersStrip period={period} />
          <div className="row g-3 mb-3">
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard
                title={t('ecommerce.revenue')}
                icon="bi-cash-stack"
                value={fmt.vnd(d.cards.revenue.value)}
                figure={d.cards.revenue}
                previous={d.previousPeriod}
                hint={
                  <>
                    <span className="d-flex gap-2">
                      <FigureLink link={d.revenueSources.slips.link} count={d.revenueSources.slips.count}>{t('ecommerce.slipsCount', { count: d.revenueSources.slips.count })}</FigureLink>
                      <span className="ms-auto text-nowrap">{fmt.vnd(d.revenueSources.slips.amount)}</span>
                    </span>
                    <span className="d-flex gap-2">
                      <FigureLink link={d.revenueSources.serviceFees.link} count={d.revenueSources.serviceFees.count}>{t('ecommerce.ordersCount', { count: d.revenueSources.serviceFees.count })}</FigureLink>
                      <span className="ms-auto text-nowrap">{fmt.vnd(d.revenueSources.serviceFees.amount)}</span>
                    </span>
                  </>
                }
                link={d.cards.revenue.link}
              />
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard title={t('ecommerce.cashCollected')} icon="bi-wallet2" value={fmt.vnd(d.cards.cashCollected.value)} figure={d.cards.cashCollected} previous={d.previousPeriod} hint={t('ecommerce.cashHint')} link={d.cards.cashCollected.link} />
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard title={t('ecommerce.newCustomers')} icon="bi-person-plus" value={fmt.integer(d.cards.newCustomers.value)} figure={d.cards.newCustomers} previous={d.previousPeriod} link={d.cards.newCustomers.link} />
            </div>
            <div className="col-12 col-sm-6 col-xl-3">
              <StatCard title={t('ecommerce.ordersPlaced')} icon="bi-bag-check" value={fmt.integer(d.cards.ordersPlaced.value)} figure={d.cards.ordersPlaced} previous={d.previousPeriod} link={d.cards.ordersPlaced.link} />
            </div>
          </div>

          <div className="row g-3 mb-3">
            <div className="col-12 col-xl-8">
              <ChartCard
                title={t('ecommerce.revenueChart')}
                option={revenueOption}
                legend={revenueLegend}
                summary={`${t('ecommerce.revenueChart')}: ${t('ecommerce.total')} ${fmt.vnd(d.cards.revenue.value)}`}
                actions={
                  <div className="btn-group btn-group-sm" role="group" aria-label={t('ecommerce.revenueChart')}>
                    {(['day', 'week', 'month'] as const).map((g) => (
                      <button key={g} type="button" className={`btn ${grain === g ? 'btn-secondary' : 'btn-outline-secondary'}`} aria-pressed={grain === g} onClick={() => setGrain(g)}>
                        {t(`ecommerce.by${g[0]!.toUpperCase()}${g.slice(1)}`)}
                      </button>
                    ))}
                  </div>
                }
                table={
                  <SimpleTable
                    caption={t('ecommerce.revenueChart')}
                    head={['', t('ecommerce.slips'), t('ecommerce.serviceFees'), t('ecommerce.total')]}
                    rows={revenue.map((r) => [r.label, fmt.vnd(r.slips), fmt.vnd(r.serviceFees), fmt.vnd(r.slips + r.serviceFees)])}
                  />
                }
              />
            </div>
            <div className="col-12 col-md-6 col-xl-4">
              <ChartCard
                title={t('ecommerce.ordersByStatus')}
                option={statusOption}
                legend={statusLegend}
                linkOf={(i) => d.ordersByStatus[i.dataIndex]?.link}
                empty={d.ordersByStatus.length === 0}
                summary={d.ordersByStatus.map((s) => `${tOrder(`statuses.${s.key}`)}: ${s.count}`).join(', ')}
                table={
                  <SimpleTable
                    caption={t('ecommerce.ordersByStatus')}
                    head={[t('ecommerce.status'), t('ecommerce.ordersPlaced')]}
                    rows={d.ordersByStatus.map((s) => [<OrderStatusBadge key={s.key} status={s.key as OrderStatus} />, <FigureLink key="n" link={s.link}>{fmt.integer(s.count)}</FigureLink>])}
                  />
                }
              />
            </div>
            <div className="col-12 col-md-6 col-xl-6">
              <ChartCard
                title={t('ecommerce.revenueByRoute')}
                option={routeOption}
                linkOf={(i) => d.revenueByRoute[i.dataIndex]?.link}
                empty={d.revenueByRoute.length === 0}
                summary={d.revenueByRoute.map((r) => `${r.route}: ${fmt.vnd(r.amount)}`).join(', ')}
                table={
                  <SimpleTable
                    caption={t('ecommerce.revenueByRoute')}
                    head={[t('ecommerce.route'), t('ecommerce.packages'), t('ecommerce.amount')]}
                    rows={d.revenueByRoute.map((r) => [r.route, <FigureLink key="n" link={r.link} count={r.packages}>{fmt.integer(r.packages)}</FigureLink>, fmt.vnd(r.amount)])}
                  />
                }
              />
            </div>
            <div className="col-12 col-xl-6">
              <TitledCard id="dash-receivables" title={t('ecommerce.receivables')}>
                <div className="card-body">
                  <p className="dash-stat-value mb-0">{fmt.vnd(d.receivables.amount)}</p>
                  <p className="small text-body-secondary">
                    <FigureLink link={d.receivables.link} count={d.receivables.count}>{t('ecommerce.customersCount', { count: d.receivables.count })}</FigureLink> · {t('ecommerce.receivablesHint')}
                  </p>
                  <div className="dash-buckets" role="list">
                    {d.receivables.buckets.map((b) => (
                      <div key={b.key} className={`dash-bucket dash-bucket-${b.key === '0-7' ? 'a' : b.key === '8-30' ? 'b' : 'c'}`} role="listitem">
                        <div className="small text-body-secondary">{t('ecommerce.days', { range: b.key.replace('-', '–') })}</div>
                        <div className="fw-semibold">{fmt.vnd(b.amount)}</div>
                        <div className="small">
                          <FigureLink link={b.link} count={b.count}>{t('ecommerce.customersCount', { count: b.customers })}</FigureLink>
                        </div>
                      </div>
                    ))}
                  </div>
                </div>
              </TitledCard>
            </div>
          </div>

          <div className="row g-3">
            <div className="col-12 col-xl-4">
              <TitledCard id="dash-top" title={t('ecommerce.topCustomers')}>
                <div className="card-body p-0 table-responsive">
                  {d.topCustomers.length === 0 ? (
                    <p className="text-body-secondary text-center my-4">{t('empty')}</p>
                  ) : (
                    <SimpleTable
                      head={[t('ecommerce.customer'), t('ecommerce.slipsDelivered'), t('ecommerce.revenue')]}
                      rows={d.topCustomers.map((c) => [
                        <span key="c" className="d-block text-truncate dash-name" title={`${c.code} ${c.fullName}`}>
                          <span className="text-body-secondary small me-1">{c.code}</span>
                          {c.fullName}
                        </span>,
                        <FigureLink key="n" link={c.link} count={c.count}>
                          {fmt.integer(c.count)}
                        </FigureLink>,
                        fmt.vnd(c.revenue),
                      ])}
                    />
                  )}
                </div>
              </TitledCard>
            </div>
            <div className="col-12 col-md-6 col-xl-4">
              <TitledCard id="dash-orders" title={t('ecommerce.recentOrders')}>
                <RecentList
                  rows={d.recentOrders.map((o) => ({
                    id: o.id,
                    title: <FigureLink link={`/api/orders/${o.id}`}>{o.code}</FigureLink>,
                    subtitle: `${o.customerName} · ${fmt.dateTime(o.createdAt)}`,
                    figure: <div className="small fw-semibold">{fmt.vnd(o.total)}</div>,
                    badge: <OrderStatusBadge status={o.status as OrderStatus} />,
                  }))}
                />
              </TitledCard>
            </div>
            <div className="col-12 col-md-6 col-xl-4">
              <TitledCard id="dash-tx" title={t('ecommerce.recentTransactions')}>
                <RecentList
                  rows={d.recentTransactions.map((x) => ({
                    id: x.id,
                    title: <FigureLink link={`/api/transactions/${x.id}`}>{x.code}</FigureLink>,
                    subtitle: `${x.customerName} · ${fmt.dateTime(x.createdAt)}`,
                    figure: <SignedAmount amount={x.amount} className="small fw-semibold d-block" />,
                    badge: <TransactionTypeBadge type={x.type as TransactionType} />,
                  }))}
                />
              </TitledCard>
            </div>
          </div>
        </>
      )}
    </DashboardFrame>
  );
}

/**
 * Admin only (the figures come from an Admin route): money received by bank transfer in the period and the transfers
 * still unmatched, each a link to the bank-transfer screen filtered the same way.
 */
function BankTransfersStrip({ period }: { period: { from: string; to: string } }) {
  const { t } = useTranslation('dashboard');
  const fmt = useFormat();
  const admin = useAuth().role === 'Admin';
  const summary = useBankSummary(period, admin).data;
  if (!admin || !summary) return null;
  return (
    <div className="d-flex flex-wrap gap-3 mb-3 small" data-testid="dash-bank">
      <Link to={`/transaction/bank?state=matched&createdFrom=${period.from}&createdTo=${period.to}`} data-testid="dash-bank-received">
        <i className="bi bi-bank me-1" aria-hidden="true" />
        {t('ecommerce.bankReceived', { amount: fmt.vnd(summary.receivedAmount), count: summary.receivedCount })}
      </Link>
      <Link to="/transaction/bank?state=unmatched" className={summary.unmatchedCount > 0 ? 'text-warning-emphasis' : ''} data-testid="dash-bank-unmatched">
        {t('ecommerce.bankUnmatched', { count: summary.unmatchedCount })}
      </Link>
    </div>
  );
}
