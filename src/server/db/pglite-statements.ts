import { PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite: each cached query shape (lib/resource/statement-cache.ts) is parsed and
 * planned once, then only bound and executed. PGlite's `query()` sends every statement unnamed (parse, describe,
 * bind, describe, execute, sync), so PostgreSQL in WebAssembly planned a tracking-number lookup on every call: 2.3 ms
 * of planning against 0.36 ms of execution (bench/lookup-profile.ts, bench/RESULTS.md 2026-12-07). On PostgreSQL
 * node-postgres names the same statements, so both drivers now plan a shape once per connection.
 *
 * The messages are PGlite's own (its protocol serializer and result parser) and go through the same two locks its
 * `query()` takes, so a named statement waits for a transaction in progress exactly as an unnamed one does. Only
 * statements on the database itself are named: a transaction's handle does not expose its PGlite, and its
 * statements keep PGlite's `query()`.
 */

/** The statements one PGlite has prepared, by name, with the parameter types its Describe reported. */
const preparedBy = new WeakMap<PGlite, Map<string, number[]>>();

/** At most this many names are kept prepared per database (the least recently used is closed first). */
export const MAX_NAMED = 512;

export function isPglite(client: unknown): client is PGlite {
  return client instanceof PGlite;
}

/** Runs `text` as the prepared statement `name` (prepared on first use) with `params`; rows as `options` asks. */
export async function queryNamed<T>(pg: PGlite, name: string, text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
  let prepared = preparedBy.get(pg);
  if (!prepared) preparedBy.set(pg, (prepared = new Map()));
  const known = prepared;
  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const messages: Awaited<ReturnType<typeof send>> = [];
      let failed = false;
      try {
        let types = known.get(name);
        if (types) {
          known.delete(name);
        } else {
          if (known.size >= MAX_NAMED) {
            const oldest = known.keys().next().value!;
            known.delete(oldest);
            await send(protocol.serialize.close({ type: 'S', name: oldest }));
          }
          await send(protocol.serialize.parse({ name, text }));
          types = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name })));
        }
        // Most recently used last.
        known.set(name, types);
        const values = params.map((value, i) => {
          if (value == null) return null;
          const serializer = options.serializers?.[types[i]!] ?? pg.serializers[types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(...(await send(protocol.serialize.bind({ statement: name, values }))));
        messages.push(...(await send(protocol.serialize.describe({ type: 'P' }))));
        messages.push(...(await send(protocol.serialize.execute({}))));
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        // After an error PostgreSQL skips everything up to the Sync; the Sync ends the statement either way.
        messages.push(...(await send(protocol.serialize.sync())));
        // A statement that failed is prepared again on its next use (whatever the error was, a stale name included).
        if (failed && known.delete(name)) {
          await send(protocol.serialize.close({ type: 'S', name })).catch(() => {});
          await send(protocol.serialize.sync()).catch(() => {});
        }
      }
      await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
    }),
  );
}
