import { useId } from 'react';
import { Form, Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format';
import { PAGE_SIZE_OPTIONS, pageByNumber } from './list-params';

interface PaginationBarProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server's estimate of an unfiltered very large list: shown as "≈ total". */
  totalEstimated?: boolean;
  compact: boolean;
  /**
   * The server's cursors of the neighbouring pages. When the answer has them (server-paged lists), pages past
   * what `page=` reaches are offered only where a cursor leads: the neighbours and the last page.
   */
  nextCursor?: string | null;
  prevCursor?: string | null;
  onPage(page: number): void;
  /** Goes to a page by a cursor (`last` for the last page); `page` is its number. */
  onCursor?(cursor: string, page: number): void;
  onPageSize(size: number): void;
}

/** The pages around the current one, with the first and last always reachable; null marks a gap. */
function pageWindow(page: number, pageCount: number, radius: number): (number | null)[] {
  const pages: (number | null)[] = [];
  const from = Math.max(1, page - radius);
  const to = Math.min(pageCount, page + radius);
  if (from > 1) pages.push(1);
  if (from > 2) pages.push(null);
  for (let p = from; p <= to; p++) pages.push(p);
  if (to < pageCount - 1) pages.push(null);
  if (to < pageCount) pages.push(pageCount);
  return pages;
}

/**
 * How the pager reaches a page of a server-paged list: by number while `page=` reaches it, else by the cursor of
 * a neighbour, or `last` for the last page; null when no cheap way leads there (a far page in the middle).
 */
function pageLink(
  target: number,
  { page, pageSize, pageCount, totalEstimated, nextCursor, prevCursor }: { page: number; pageSize: number; pageCount: number; totalEstimated?: boolean; nextCursor?: string | null; prevCursor?: string | null },
): { page: number } | { cursor: string; page: number } | null {
  const cursorPaged = nextCursor !== undefined || prevCursor !== undefined;
  // An estimated total gives only an approximate number to the last page: it is reached from the end.
  if (target === pageCount && target > 1 && cursorPaged && (totalEstimated || !pageByNumber(target, pageSize))) return { cursor: 'last', page: target };
  if (!cursorPaged || pageByNumber(target, pageSize)) return { page: target };
  if (target === page + 1 && nextCursor) return { cursor: nextCursor, page: target };
  if (target === page - 1 && prevCursor) return { cursor: prevCursor, page: target };
  return null;
}

export function PaginationBar({ page, pageSize, total, totalEstimated, compact, nextCursor, prevCursor, onPage, onCursor, onPageSize }: PaginationBarProps) {
  const { t } = useTranslation('resource');
  const fmt = useFormat();
  const id = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const link = (target: number) => pageLink(target, { page, pageSize, pageCount, totalEstimated, nextCursor, prevCursor });
  const go = (target: number) => {
    const to = link(target);
    if (to && 'cursor' in to) onCursor?.(to.cursor, to.page);
    else if (to) onPage(to.page);
  };
  // Far pages no cursor leads to are left out of the window (a gap shows them).
  // Under an estimated total the server's cursor says whether more rows follow, not the page count.
  const hasNext = nextCursor !== undefined ? nextCursor !== null : page < pageCount;
  const window: (number | null)[] = [];
  for (const p of pageWindow(page, pageCount, 2)) {
    if (p !== null && p !== page && !link(p)) {
      if (window.at(-1) !== null) window.push(null);
    } else if (p !== null || window.at(-1) !== null) {
      window.push(p);
    }
  }
  const sizes = PAGE_SIZE_OPTIONS.includes(pageSize as (typeof PAGE_SIZE_OPTIONS)[number]) ? PAGE_SIZE_OPTIONS : [...PAGE_SIZE_OPTIONS, pageSize].sort((a, b) => a - b);

  return (
    <div className="dt-pagination d-flex flex-wrap align-items-center gap-2 px-2 py-2 border-top">
      <div className="small text-body-secondary me-auto" aria-live="polite" data-testid="dt-range">
        {t('table.range', { from: fmt.integer(from), to: fmt.integer(to), total: `${totalEstimated ? '≈ ' : ''}${fmt.integer(total)}` })}
      </div>
      <div className="d-flex align-items-center gap-1">
        <Form.Label htmlFor={id} className="small text-body-secondary mb-0 text-nowrap">
          {t('table.pageSize')}
        </Form.Label>
        <Form.Select id={id} size="sm" className="dt-page-size" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Form.Select>
      </div>
      <nav aria-label={t('table.pagination')}>
        <Pagination size="sm" className="mb-0">
          <PagerArrow glyph="«" label={t('table.firstPage')} disabled={page <= 1} onClick={() => onPage(1)} />
          <PagerArrow glyph="‹" label={t('table.prevPage')} disabled={page <= 1 || !link(page - 1)} onClick={() => go(page - 1)} />
          {compact ? (
            <Pagination.Item active aria-current="page" activeLabel={t('table.currentPage')}>
              {t('table.pageOf', { page, pages: pageCount })}
            </Pagination.Item>
          ) : (
            window.map((p, i) =>
              p === null ? (
                <PagerArrow key={`gap-${i}`} glyph="…" label={t('table.morePages')} disabled />
              ) : (
                <Pagination.Item
                  key={p}
                  active={p === page}
                  activeLabel={t('table.currentPage')}
                  onClick={() => p !== page && go(p)}
                  aria-label={t('table.goToPage', { page: p })}
                >
                  {p}
                </Pagination.Item>
              ),
            )
          )}
          <PagerArrow glyph="›" label={t('table.nextPage')} disabled={!hasNext || !link(page + 1)} onClick={() => go(page + 1)} />
          <PagerArrow glyph="»" label={t('table.lastPage')} disabled={!hasNext} onClick={() => go(pageCount)} />
        </Pagination>
      </nav>
    </div>
  );
}

/**
 * A pager control drawn as a glyph. Its screen-reader text is the given (translated) label: react-bootstrap's
 * Pagination.First/Prev/Next/Last/Ellipsis and the active item carry fixed English ("First", "More", "(current)").
 */
function PagerArrow({ glyph, label, disabled, onClick }: { glyph: string; label: string; disabled?: boolean; onClick?(): void }) {
  return (
    <Pagination.Item disabled={disabled} onClick={onClick} aria-label={label}>
      <span aria-hidden="true">{glyph}</span>
      <span className="visually-hidden">{label}</span>
    </Pagination.Item>
  );
}
