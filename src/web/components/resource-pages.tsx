import { Fragment, useCallback, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ListQueryInput, ListResponse, ListSpec } from '../../shared/contracts/list-query';
import { DataTable, type DataTableProps } from './data-table/data-table';
import { ExportMenu } from './export-menu';
import { pickDirty, useResourceForm, type SaveContext } from './form/use-resource-form';
import { PageHeader } from './page-header';
import { RecordPage } from './record-page';
import { versioned, type Versioned } from './resource-api';

/** What a list screen needs of a resource client (see `defineResourceClient`). */
interface ListableResource<Row> {
  readonly spec: ListSpec | undefined;
  readonly route: string | undefined;
  readonly keys: { list(query: ListQueryInput): readonly unknown[] };
  fetchPage(query: ListQueryInput, signal?: AbortSignal): Promise<ListResponse<Row>>;
}

/** The list screen's main action: a link (by default to `<route>/create`) or a button that opens a dialog. */
interface ListCreateAction {
  label: string;
  /** A Bootstrap icon class; `bi-plus-lg` by default. */
  icon?: string;
  to?: string;
  onClick?(): void;
}

export interface ResourceListPageProps<Row extends { id: number }>
  extends Omit<DataTableProps<Row>, 'spec' | 'queryKey' | 'fetcher' | 'getRowId' | 'onOpen' | 'empty' | 'label'> {
  client: ListableResource<Row>;
  /**
   * The section's i18n namespace: the table's name, search label and placeholder are its `list.label`,
   * `list.searchLabel` and `list.searchPlaceholder` unless given.
   */
  ns: string;
  label?: string;
  /** The header's export menu: GET /api/<resource>/export, saved as `<fallbackName>.xlsx|csv` when unnamed. */
  exportAs?: { resource: string; fallbackName: string };
  /** The header's main action, repeated (small) in the empty state. */
  create?: ListCreateAction;
  /** More header buttons, before the main action (import, …). */
  headerActions?: ReactNode;
  /** Between the header and the table (totals, notices). */
  aboveTable?: ReactNode;
  /** Row click and Enter; by default the record's detail `<route>/<id>`. */
  onOpen?(row: Row): void;
  empty?: { title?: string; text?: ReactNode };
  /** Below the table (the dialogs the page opens). */
  children?: ReactNode;
}

function CreateAction({ action, to, small }: { action: ListCreateAction; to: string | undefined; small?: boolean }) {
  const className = small ? 'btn btn-sm btn-primary' : 'btn btn-primary';
  const content = small ? (
    action.label
  ) : (
    <>
      <i className={`bi ${action.icon ?? 'bi-plus-lg'} me-1`} aria-hidden="true" />
      {action.label}
    </>
  );
  if (action.onClick) {
    return (
      <button type="button" className={className} onClick={action.onClick}>
        {content}
      </button>
    );
  }
  return to ? (
    <Link to={to} className={className}>
      {content}
    </Link>
  ) : null;
}

/**
 * The list screen of a resource: the page header (export, more actions, the main action), then the DataTable on
 * the client's spec, keys and fetcher; a row opens its detail. A new list screen is its columns, filters and texts.
 */
export function ResourceListPage<Row extends { id: number }>({
  client,
  exportAs,
  create,
  headerActions,
  aboveTable,
  onOpen,
  empty,
  children,
  ns,
  ...table
}: ResourceListPageProps<Row>) {
  const navigate = useNavigate();
  const { t } = useTranslation(ns);
  const spec = client.spec;
  const route = client.route;
  if (!spec) throw new Error('ResourceListPage: the resource client has no list spec');
  const createTo = create?.to ?? (route ? `${route}/create` : undefined);
  return (
    <>
      <PageHeader
        actions={
          exportAs || headerActions || create ? (
            <>
              {exportAs && <ExportMenu resource={exportAs.resource} spec={spec} fallbackName={exportAs.fallbackName} />}
              {headerActions}
              {create && <CreateAction action={create} to={createTo} />}
            </>
          ) : undefined
        }
      />
      {aboveTable}
      <DataTable<Row>
        label={t('list.label')}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        {...table}
        spec={spec}
        queryKey={client.keys.list}
        fetcher={client.fetchPage}
        getRowId={(row) => String(row.id)}
        onOpen={onOpen ?? (route ? (row) => navigate(`${route}/${row.id}`) : undefined)}
        empty={empty && { ...empty, action: create ? <CreateAction action={create} to={createTo} small /> : undefined }}
      />
      {children}
    </>
  );
}

/** What an edit screen needs of a resource client. */
export interface LoadableResource<R> {
  readonly route: string | undefined;
  useOne(id: string): UseQueryResult<Versioned<R>>;
}

/**
 * The frame of an edit screen at `<route>/edit/:id`: the record is loaded with its ETag (skeleton, not found or
 * a retry while it is not), then the form is drawn from it. Keyed by id: another record's edit starts afresh.
 */
export function ResourceEditPage<R>({ client, children }: { client: LoadableResource<R>; children: (loaded: Versioned<R>) => ReactNode }) {
  const { id = '' } = useParams();
  const query = client.useOne(id);
  return (
    <RecordPage query={query} backTo={client.route ?? '/'} skeleton="form">
      {(data) => <Fragment key={id}>{children(data)}</Fragment>}
    </RecordPage>
  );
}

/**
 * The version a create/edit form is based on: `loaded` at first; a 412 moves it to the other person's version
 * once the user chooses (`rebase`, the form's `onRebase`). `editing` is whether a saved record was opened.
 */
export function useFormBase<L extends Versioned<{ version: number }> | undefined>(loaded: L) {
  const [base, setBase] = useState(loaded);
  const rebase = useCallback((record: NonNullable<L>['record']) => setBase(versioned(record) as L), []);
  return { base, rebase, editing: loaded !== undefined };
}

/** What a create/edit form needs of a resource client. */
export interface FormResource<R, C, P> {
  readonly route: string | undefined;
  create(body: C): Promise<R>;
  patch(id: number, etag: string, body: P): Promise<R>;
  useCache(): { saved(record: R): void };
}

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface RecordFormOptions<S extends FormSchema, R, C, P> {
  /** The record being edited (with its ETag); none on a create. */
  loaded: Versioned<R> | undefined;
  schema: S;
  /** The values of a new record. */
  empty: DefaultValues<z.input<S>>;
  /** The form's values of a saved record (also to load the other person's version after a 412). */
  toValues(record: R): z.input<S>;
  /** The PATCH body of an edit; by default the top-level fields the user changed. */
  patchOf?(values: z.output<S>, isDirty: SaveContext<z.input<S>>['isDirty']): P;
  /** The POST body of a create; by default the values as they are. */
  createOf?(values: z.output<S>): C;
  /** What else a save makes stale; by default the client's cache update. */
  afterSave?(record: R): void;
  texts: { pending: string; created(record: R): string; updated(record: R): string };
}

/**
 * The form pattern of a record's create/edit screen on its resource client: create or If-Match patch, the cache
 * updated, a toast, then the record's detail (`<route>/<id>`); a 412 rebases the edit on the other version.
 * `cancelTo` is where Cancel goes (the record, or the list on a create).
 */
export function useRecordForm<S extends FormSchema, R extends { id: number; version: number }, C, P>(
  client: FormResource<R, C, P>,
  opts: RecordFormOptions<S, R, C, P>,
) {
  const navigate = useNavigate();
  const cache = client.useCache();
  const { base, rebase, editing } = useFormBase(opts.loaded);
  const route = client.route ?? '';
  const rf = useResourceForm({
    schema: opts.schema,
    defaultValues: opts.loaded ? (opts.toValues(opts.loaded.record) as DefaultValues<z.input<S>>) : opts.empty,
    save: async (values, ctx) => {
      const saved = base
        ? await client.patch(base.record.id, base.etag, opts.patchOf ? opts.patchOf(values, ctx.isDirty) : (pickDirty(values, ctx.isDirty) as P))
        : await client.create(opts.createOf ? opts.createOf(values) : (values as C));
      if (opts.afterSave) opts.afterSave(saved);
      else cache.saved(saved);
      return saved;
    },
    texts: { pending: opts.texts.pending, success: (r: R) => (editing ? opts.texts.updated(r) : opts.texts.created(r)) },
    onSaved: (r: R) => navigate(`${route}/${r.id}`),
    toValues: (r: R) => opts.toValues(r),
    onRebase: rebase,
  });
  return { rf, base, editing, cancelTo: base ? `${route}/${base.record.id}` : route };
}
