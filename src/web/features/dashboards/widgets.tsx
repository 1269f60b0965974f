import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { StatFigure } from '../../../shared/contracts/dashboard';
import { DateInput, type DateInputProps } from '../../components/form/date-input';
import { TableScroll } from '../../components/table-scroll';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/use-auth';
import { useLayoutState } from '../../layouts/use-layout-settings';
import { EChart, type ChartItem, type ChartOption } from './echart';
import { screenLink } from './links';
import { dayLabel, periodFromSearch, PRESETS, presetPeriod, type Period, type Preset } from './period';

/** Figures refresh every minute while the page is open, and when the window regains focus. */
const REFRESH_MS = 60_000;

export function usePeriod() {
  const [search, setSearch] = useSearchParams();
  const { preset, period } = periodFromSearch(search);
  const choose = (next: Preset, custom?: Period) =>
    setSearch(next === 'custom' && custom ? { from: custom.from, to: custom.to } : { period: next }, { replace: true });
  return { preset, period, choose };
}

/**
 * The dashboard's one request. The previous figures stay on screen while the next ones load (keepPreviousData),
 * so a refresh or a new period never blanks the cards or the charts.
 */
export function useDashboard<T>(kind: 'ecommerce' | 'analytics', period: Period) {
  return useQuery({
    queryKey: ['dashboard', kind, period.from, period.to],
    queryFn: ({ signal }) => api.get<T>(`/api/dashboard/${kind}`, { from: period.from, to: period.to }, { signal }),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

function useIsDark() {
  return useLayoutState().colorMode === 'dark';
}

/** The screen a figure's list API link opens, for Admin; null for Staff (lists are Admin screens). */
function useScreenLink(): (apiLink: string | null | undefined) => string | null {
  const { role } = useAuth();
  return (apiLink) => (role === 'Admin' ? screenLink(apiLink) : null);
}

/** Lists are Admin screens: Staff sees the figures without links. A figure of no records (`count` 0) links nowhere. */
export function FigureLink({ link, count, children, className }: { link: string | null | undefined; count?: number; children: ReactNode; className?: string }) {
  const to = useScreenLink()(count === 0 ? null : link);
  return to ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}

export function PeriodPicker({ preset, period, onChoose }: { preset: Preset; period: Period; onChoose(p: Preset, custom?: Period): void }) {
  const { t } = useTranslation('dashboard');
  const [custom, setCustom] = useState(preset === 'custom');
  // null while a typed day is refused (it says why under its input).
  const [from, setFrom] = useState<string | null>(period.from);
  const [to, setTo] = useState<string | null>(period.to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (from && to && from <= to) onChoose('custom', { from, to });
  };
  return (
    <div className="dash-period d-flex flex-wrap gap-2 align-items-center">
      <div className="btn-group btn-group-sm dash-presets" role="group" aria-label={t('period.label')}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={`btn ${(p === 'custom' ? custom : !custom && preset === p) ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={p === 'custom' ? custom : !custom && preset === p}
            onClick={() => {
              if (p === 'custom') {
                setCustom(true);
                return;
              }
              setCustom(false);
              const next = presetPeriod(p);
              setFrom(next.from);
              setTo(next.to);
              onChoose(p);
            }}
          >
            {t(`period.${p}`)}
          </button>
        ))}
      </div>
      {custom && (
        <form className="d-flex flex-wrap gap-2 align-items-center" onSubmit={submit}>
          <PeriodDate id="dash-from" label={t('period.from')} value={from} max={to || undefined} onChange={setFrom} />
          <span aria-hidden="true">–</span>
          <PeriodDate id="dash-to" label={t('period.to')} value={to} min={from || undefined} onChange={setTo} />
          <button type="submit" className="btn btn-sm btn-primary">
            {t('period.apply')}
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * ↑/↓ against the previous period (green when better: up, unless `downIsGood`): in percent of a count or an amount
 * (`percent`, the server's changePercent), or in points of a rate or a rating (`points`: both values).
 */
/** One end of the custom period: a date with its label for screen readers. */
function PeriodDate({ label, ...input }: { label: string } & Pick<DateInputProps, 'id' | 'value' | 'min' | 'max' | 'onChange'>) {
  return (
    <>
      <label className="visually-hidden" htmlFor={input.id}>
        {label}
      </label>
      <div className="dash-date">
        <DateInput size="sm" {...input} />
      </div>
    </>
  );
}

function Change({
  current,
  previous,
  percent,
  points,
  previousPeriod,
  downIsGood = false,
}: {
  current: number | null;
  previous: number | null;
  percent?: number | null;
  points?: boolean;
  previousPeriod?: Period;
  downIsGood?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const range = previousPeriod ? { from: dayLabel(previousPeriod.from), to: dayLabel(previousPeriod.to) } : undefined;
  const vs = range ? <span className="text-body-secondary small"> {t('period.vsPrevious', range)}</span> : null;
  if (current === null) return null;
  const diff = points ? (previous === null ? null : Math.round((current - previous) * 100) / 100) : (percent ?? null);
  if (diff === null) {
    // Nothing to compare with: say what the previous period had rather than a percent of nothing.
    if (!points && current === 0) return <span className="text-body-secondary small">{t('change.same')}{vs}</span>;
    return <span className="text-body-secondary small">{t(points ? 'change.noFigureIn' : 'change.zeroIn', range ?? { from: '', to: '' })}</span>;
  }
  if (diff === 0) return <span className="text-body-secondary small">{t('change.same')}{vs}</span>;
  const value = new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: points ? 2 : 1 }).format(Math.abs(diff));
  const good = diff > 0 !== downIsGood;
  const key = `${diff > 0 ? 'up' : 'down'}${points ? 'Points' : ''}`;
  return (
    <span>
      <span className={`small fw-semibold ${good ? 'text-success-emphasis' : 'text-danger-emphasis'}`}>
        <i className={`bi ${diff > 0 ? 'bi-arrow-up' : 'bi-arrow-down'}`} aria-hidden="true" /> {t(`change.${key}`, { value })}
      </span>
      {vs}
    </span>
  );
}

export function StatCard({
  title,
  icon,
  value,
  hint,
  figure,
  rate,
  link,
  previous,
  downIsGood,
}: {
  title: string;
  icon: string;
  value: string;
  hint?: ReactNode;
  /** A count or an amount, compared in percent. */
  figure?: StatFigure;
  /** A rate or a rating, compared in points. */
  rate?: { value: number | null; previous: number | null };
  link?: string | null;
  previous?: Period;
  downIsGood?: boolean;
}) {
  return (
    <div className="card dash-stat h-100">
      <div className="card-body">
        <div className="d-flex align-items-start gap-3">
          <div className="min-w-0 flex-grow-1">
            <h2 className="h6 text-body-secondary text-uppercase small mb-2">{title}</h2>
            <p className="dash-stat-value mb-1">
              <FigureLink link={link} count={figure?.count}>
                {value}
              </FigureLink>
            </p>
            {figure && (
              <p className="mb-0">
                <Change current={figure.value} previous={figure.previous} percent={figure.changePercent} previousPeriod={previous} downIsGood={downIsGood} />
              </p>
            )}
            {rate && (
              <p className="mb-0">
                <Change current={rate.value} previous={rate.previous} points previousPeriod={previous} downIsGood={downIsGood} />
              </p>
            )}
            {hint && <p className="small text-body-secondary mb-0 mt-1">{hint}</p>}
          </div>
          <span className="dash-stat-icon" aria-hidden="true">
            <i className={`bi ${icon}`} />
          </span>
        </div>
      </div>
    </div>
  );
}

/** A chart in a card, with the same figures as a table for screen readers (and on demand for everyone). */
export function ChartCard({
  title,
  option,
  summary,
  table,
  actions,
  height,
  empty,
  legend,
  linkOf,
}: {
  title: string;
  option: ChartOption;
  summary: string;
  table: ReactNode;
  actions?: ReactNode;
  height?: number;
  empty?: boolean;
  /** The series (or slices) in palette order, drawn as an HTML legend that switches them on and off. */
  legend?: string[];
  /** The list API link of a bar or slice: clicking it opens that list (Admin; the table view has the same links). */
  linkOf?: (item: ChartItem) => string | null | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const dark = useIsDark();
  const [showTable, setShowTable] = useState(false);
  const toScreen = useScreenLink();
  const navigate = useNavigate();
  const { role } = useAuth();
  const onItemClick = linkOf && role === 'Admin'
    ? (item: ChartItem) => {
        const to = toScreen(linkOf(item));
        if (to) void navigate(to);
      }
    : undefined;
  return (
    <section className="card h-100" aria-label={title}>
      <div className="card-header d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h6 mb-0 me-auto">{title}</h2>
        {actions}
        <button type="button" className="btn btn-sm btn-link p-0" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
          <i className={`bi ${showTable ? 'bi-bar-chart' : 'bi-table'} me-1`} aria-hidden="true" />
          {t('tableView')}
        </button>
      </div>
      <div className="card-body">
        {empty ? (
          <p className="text-body-secondary text-center my-5">{t('empty')}</p>
        ) : (
          <>
            <div className={showTable ? 'd-none' : undefined}>
              <EChart option={option} dark={dark} label={summary} height={height} legend={legend} onItemClick={onItemClick} />
            </div>
            {/* Shown on demand (it scrolls, so it takes the keyboard focus); otherwise there for screen readers only. */}
            {showTable ? (
              <TableScroll label={title} className="dash-table">
                {table}
              </TableScroll>
            ) : (
              <div className="visually-hidden">{table}</div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** A dashboard card with a heading that names it (the section is labelled by the heading). */
export function TitledCard({ id, title, icon, className = 'h-100', children }: { id: string; title: string; icon?: string; className?: string; children: ReactNode }) {
  return (
    <section className={`card ${className}`} aria-labelledby={id}>
      <div className="card-header">
        <h2 id={id} className="h6 mb-0">
          {icon && <i className={`bi ${icon} me-1`} aria-hidden="true" />}
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

export interface RecentRow {
  id: number;
  title: ReactNode;
  /** Who and when, one line. */
  subtitle: string;
  figure: ReactNode;
  badge: ReactNode;
}

/** The newest few records: what each is, who and when, and on the right its amount over its badge. */
export function RecentList({ rows }: { rows: RecentRow[] }) {
  return (
    <ul className="list-group list-group-flush">
      {rows.map((r) => (
        <li key={r.id} className="list-group-item d-flex gap-2 align-items-center">
          <div className="min-w-0 flex-grow-1">
            <div className="fw-semibold">{r.title}</div>
            <div className="small text-body-secondary text-truncate">{r.subtitle}</div>
          </div>
          <div className="text-end">
            {r.figure}
            {r.badge}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SimpleTable({ head, rows, caption }: { head: ReactNode[]; rows: ReactNode[][]; caption?: string }) {
  return (
    <table className="table table-sm align-middle mb-0">
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col" className={i > 0 ? 'text-end' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j} className={j > 0 ? 'text-end' : undefined}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function useNumberFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? 'en-US' : 'vi-VN';
  return {
    compact: (n: number) => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n),
    decimal: (n: number, digits = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n),
  };
}
