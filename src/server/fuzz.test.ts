import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cassoSignatureHeader } from './modules/bank-transactions/index';
import { createTestContext, type TestContext } from './test/harness';

/**
 * The fuzz property: every operation of the OpenAPI document gets malformed requests — path parameters, query
 * parameters, JSON bodies (wrong types, NUL bytes, integers past every column, long and deep values, missing and
 * extra fields, lone surrogates, arrays for objects, bodies that are not JSON at all), uploads that are not
 * uploads, and garbage If-Match / Idempotency-Key headers. Sent as Admin, so they pass sign-in and reach
 * validation and the database. The rule under test: bad input is refused with a 4xx shaped `{ message, code }`;
 * no answer is a 5xx, and no body carries a stack frame or SQL text.
 *
 * FUZZ_RUNS sets the requests per operation (200 by default), FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

/** Text that must never reach a client: a stack frame, or what PostgreSQL says about a query. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\bat .*\(.*:\d+:\d+\)/],
  ['stack frame', /\bat (?:file:|node:|\/)\S+:\d+:\d+/],
  ['SQL text', /\bSELECT\b|\bINSERT INTO\b|\bUPDATE\s+"?\w+"?\s+SET\b|\bDELETE FROM\b/],
  ['SQL error', /syntax error|violates|relation "|invalid input syntax|out of range for type|invalid byte sequence/i],
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  const?: unknown;
};

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  template: string;
  params: Parameter[];
  body?: Schema;
}

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  what: string;
}

const NUL_STRINGS = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000'];
const WEIRD_STRINGS = [
  '',
  ' ',
  '\ud800',
  'a\udfffb',
  '\uffff',
  '😀🚀',
  'Nguyễn Văn Á',
  '１２３',
  '٣',
  '0x10',
  '1e999',
  '-0',
  'Infinity',
  'NaN',
  'null',
  'true',
  "' OR 1=1 --",
  '"; DROP TABLE x; --',
  '../../etc/passwd',
  '%00',
  '%',
  '2026-13-45',
  '2026-02-30T25:61:61Z',
  '0000-00-00',
  '99999-01-01',
  '\t\r\n',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
];
const HUGE_NUMBERS = [
  2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, Number('9007199254740993'), Number('-9007199254740993'), 1e21, 1e308, -1e308,
  1.5, -0.0001, 0, -1,
];

const LONG_STRINGS = [256, 2001, 10_001, 70_000, 200_000].map((n) => 'x'.repeat(n)).concat(['é'.repeat(5000), '😀'.repeat(3000)]);
const nest = (n: number, wrap: (o: unknown) => unknown) => {
  let o: unknown = 1;
  for (let i = 0; i < n; i++) o = wrap(o);
  return o;
};
const DEEP_VALUES = [nest(20, (o) => [o]), nest(2000, (o) => [o]), nest(20, (o) => ({ a: o })), nest(500, (o) => ({ a: o }))];

/** Any malformed JSON value: wrong type, NUL byte, out-of-range number, long or deep value. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NUL_STRINGS, ...WEIRD_STRINGS, ...HUGE_NUMBERS, null, true, false, {}, [], [null], ['a'], [{}], { a: 1 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  // Long and deep values, built once: the generator's time is the run's time too.
  fc.constantFrom(...LONG_STRINGS, ...DEEP_VALUES),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
);

/** A plausible value for a schema (the base a mutation then breaks). */
function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts) return fc.oneof(...alts.map((s) => valid(s, depth)));
  const base = (() => {
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'integer': {
        const min = BigInt(Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER));
        const max = BigInt(Math.min(schema.maximum ?? 100_000, Number.MAX_SAFE_INTEGER));
        return fc.oneof(fc.bigInt({ min, max }).map(Number), fc.constantFrom(Number(min), Number(max), 1));
      }
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'string': {
        if (schema.format === 'date') return fc.constantFrom('2026-01-15', '2025-12-31');
        if (schema.format === 'date-time') return fc.constantFrom('2026-01-15T10:00:00.000Z', '2026-01-15T10:00:00+07:00');
        if (schema.format === 'email') return fc.constantFrom('fuzz@cargo.test', 'a.b@example.vn');
        if (schema.pattern) {
          try {
            return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
          } catch {
            return fc.string({ maxLength: 10 });
          }
        }
        return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
      }
      case 'array':
        return depth > 3
          ? fc.constant([])
          : fc.array(valid(schema.items ?? {}, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
      case 'object': {
        if (depth > 3) return fc.constant({});
        const props = schema.properties ?? {};
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, s] of Object.entries(props)) record[k] = valid(s, depth + 1);
        return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      }
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

type Mutation = { kind: 'set'; at: number; value: unknown } | { kind: 'drop'; at: number } | { kind: 'extra'; at: number; key: string; value: unknown };

/** Every [container, key] inside a value, the root's own slot first. */
function slots(root: { v: unknown }, planted: WeakSet<object>): Array<[Record<string, unknown> | unknown[], string | number]> {
  const out: Array<[Record<string, unknown> | unknown[], string | number]> = [[root as Record<string, unknown>, 'v']];
  // Only the schema's own depth: a deep value planted by an earlier mutation is left as it is.
  const walk = (v: unknown, depth: number) => {
    // Planted values are shared constants: they are never walked into, so never changed.
    if (depth > 6 || (v && typeof v === 'object' && planted.has(v))) return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        out.push([v, i]);
        walk(x, depth + 1);
      });
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        out.push([v as Record<string, unknown>, k]);
        walk(x, depth + 1);
      }
    }
  };
  walk(root.v, 0);
  return out;
}

function mutate(value: unknown, mutations: Mutation[]): unknown {
  const root = { v: structuredClone(value) };
  const planted = new WeakSet<object>();
  for (const m of mutations) {
    const all = slots(root, planted);
    if ('value' in m && m.value && typeof m.value === 'object') planted.add(m.value);
    const [container, key] = all[m.at % all.length]!;
    if (m.kind === 'set') (container as Record<string | number, unknown>)[key] = m.value;
    else if (m.kind === 'drop' && container !== (root as unknown)) {
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete (container as Record<string, unknown>)[key as string];
    } else if (m.kind === 'extra') {
      const target = (container as Record<string | number, unknown>)[key];
      if (target && typeof target === 'object' && !Array.isArray(target) && !planted.has(target)) (target as Record<string, unknown>)[m.key] = m.value;
    }
  }
  return root.v;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: nastyValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.constantFrom('__proto__', 'constructor', 'id', 'createdAt', 'version', 'x\u0000', ''),
      value: nastyValue,
    }),
  },
  // An array where an object is expected (and the other way round) at the root.
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'set', at: 0, value: [{}] }) },
);

/** A JSON body for a schema, then broken by one to three mutations. */
const jsonBody = (schema: Schema) =>
  fc.tuple(valid(schema), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([v, ms]) => {
    const out = mutate(v, ms);
    return { payload: JSON.stringify(out) ?? 'null', what: 'json' };
  });

/** A body that is not what it says it is. */
const rawBody = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    '[]',
    '"x"',
    '123',
    '{',
    '{"a":',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '['.repeat(5000) + ']'.repeat(5000),
    '{"a":1,"a":2}',
    '\ufeff{}',
  ),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d])),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=XyZ',
  'application/octet-stream',
  '',
];

/** What an upload route gets: multipart bodies that are truncated, empty, or carry something that is not XLSX. */
const part = (name: string, filename: string | null, content: Buffer | string) =>
  Buffer.concat([
    Buffer.from(
      `--XyZ\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
  ]);
const multipartBody = fc
  .tuple(
    fc.constantFrom('file', 'other', ''),
    fc.constantFrom<string | null>('a.xlsx', 'a.csv', '', null, '../../x.xlsx', 'a\u0000.xlsx'),
    fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from(b)])),
      fc.constant(Buffer.alloc(0)),
    ),
    fc.constantFrom('\r\n--XyZ--\r\n', '\r\n--XyZ', '', '\r\n--XyZ--\r\n' + 'x'.repeat(100)),
  )
  .map(([name, filename, content, end]) => Buffer.concat([part(name, filename, content), Buffer.from(end)]));

const HEADER_GARBAGE = ['', '"', 'W/', '*', 'W/"1"', '"1"', '"0"', '"-1"', '"1.5"', '"abc"', '"9999999999999999999"', '"2147483648"', 'x'.repeat(5000), '%00', 'null', '1, 2', '"1", "2"'];
const headerValue = fc.oneof(fc.constantFrom(...HEADER_GARBAGE), fc.string({ unit: fc.constantFrom(...'abcXYZ019"/*-_=:; '), maxLength: 40 }));

/** Query values: plausible, malformed, or bytes that are not UTF-8 at all. */
const PATH_GARBAGE = ['0', '-1', '2147483648', '-2147483649', '9007199254740993', '99999999999999999999999', '1.5', '1e3', '0x1', 'abc', '%00', 'a%00b', '%FF', '%C0%AF', '%E0%A4%A', '%20', '%2F', '..', 'null', 'x'.repeat(3000), '😀'];
/** Percent-encoding of the UTF-8 bytes (a lone surrogate becomes U+FFFD rather than an exception here). */
const pct = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return pctBytes(s);
  }
};
const pctBytes = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');
const encode = (v: unknown) => pct(typeof v === 'string' ? v : JSON.stringify(v) ?? '');
const rawQueryValue = fc.oneof(
  fc.constantFrom(...PATH_GARBAGE, '%', '%%', '%zz', '+', '&', '='),
  nastyValue.map(encode),
);

function requestFor(op: Operation, ids: Map<string, string>): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const isUpload = /\/import$/.test(op.template);

  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(ids.get(`${op.template}#${p.name}`) ?? '1') },
        { weight: 2, arbitrary: fc.constantFrom(...PATH_GARBAGE) },
        { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(pct) },
      ),
    ),
  );
  const queryArb = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((p) =>
          fc.option(
            fc.oneof(
              valid(p.schema).map((v) => [encode(v)]),
              rawQueryValue.map((v) => [v]),
              fc.array(rawQueryValue, { minLength: 2, maxLength: 3 }),
            ),
            { freq: 2 },
          ),
        ),
      ),
      fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'page[0]', 'q[]', '%00', ''), rawQueryValue), { freq: 4 }),
    )
    .map(([values, extra]) => {
      const parts: string[] = [];
      values.forEach((vs, i) => vs?.forEach((v) => parts.push(`${queryParams[i]!.name}=${v}`)));
      if (extra) parts.push(`${extra[0]}=${extra[1]}`);
      return parts.join('&');
    });
  const bodyArb: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; what: string }> = !hasBody
    ? fc.constant({ what: 'none' })
    : isUpload
      ? fc.oneof(
          { weight: 3, arbitrary: multipartBody.map((payload) => ({ payload, contentType: 'multipart/form-data; boundary=XyZ', what: 'multipart' })) },
          { weight: 1, arbitrary: fc.tuple(rawBody, fc.constantFrom(...CONTENT_TYPES)).map(([payload, contentType]) => ({ payload, contentType, what: 'raw' })) },
        )
      : fc.oneof(
          { weight: 4, arbitrary: jsonBody(op.body ?? { type: 'object' }).map((b) => ({ ...b, contentType: 'application/json' })) },
          { weight: 1, arbitrary: fc.tuple(rawBody, fc.constantFrom(...CONTENT_TYPES)).map(([payload, contentType]) => ({ payload, contentType, what: 'raw' })) },
        );
  const headerArb = fc.record(
    { 'if-match': headerValue, 'idempotency-key': headerValue, 'accept-language': fc.constantFrom('en', 'vi', 'xx', '*;q=x') },
    { requiredKeys: [] },
  );
  return fc.tuple(pathArb, queryArb, bodyArb, headerArb).map(([pathValues, query, body, headers]) => {
    let path = op.template;
    pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, pathValues[i]!)));
    const all: Record<string, string> = { ...headers };
    if (body.contentType) all['content-type'] = body.contentType;
    return { url: query ? `${path}?${query}` : path, headers: all, payload: body.payload, what: body.what };
  });
}

/**
 * The bank webhooks are authenticated by their provider's key, not a token: they get the key (SePay) or a signature
 * over the very bytes sent (Casso), so their malformed bodies reach validation and the database too.
 */
const FUZZ_SEPAY_KEY = 'fuzz-sepay-key-0123456789';
const FUZZ_CASSO_KEY = 'fuzz-casso-key-0123456789';
function authFor(op: Operation, req: FuzzRequest, token: string): Record<string, string> {
  if (op.template === '/api/integrations/sepay/webhook') return { authorization: `Apikey ${FUZZ_SEPAY_KEY}` };
  if (op.template === '/api/integrations/casso/webhook') {
    let body: unknown = {};
    try {
      body = typeof req.payload === 'string' ? JSON.parse(req.payload) : {};
    } catch {
      // Not JSON: signed as if empty, so the signature check refuses it (a 401 is judged like any other answer).
    }
    try {
      return { 'x-casso-signature': cassoSignatureHeader(FUZZ_CASSO_KEY, Date.now(), body) };
    } catch {
      // Nested too deeply to sign (as the server refuses to): sent unsigned, to be refused.
      return { 'x-casso-signature': 'unsigned' };
    }
  }
  return { authorization: `Bearer ${token}` };
}

let ctx: TestContext;
let operations: Operation[];
const ids = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext({ SEPAY_WEBHOOK_KEY: FUZZ_SEPAY_KEY, CASSO_WEBHOOK_KEY: FUZZ_CASSO_KEY });
  const doc = ctx.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  operations = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    if (template.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations.push({ method: method.toUpperCase(), template, params: op.parameters ?? [], body: op.requestBody?.content['application/json']?.schema });
    }
  }
  // The rows the item routes work on are this file's own, so no other test (and no other operation's order) matters.
  const create = async (url: string, payload: object) => {
    const res = await ctx.request({ method: 'POST', url, payload });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return String((res.json() as { id: number }).id);
  };
  const customer = await create('/api/customers', { fullName: 'Khách thử nghiệm fuzz', phone: '0901234567' });
  // Seeded rows where the demo data has some (a missing one leaves its routes to answer 404, which is still judged).
  const first = async (url: string) => {
    const row = ((await ctx.request({ method: 'GET', url })).json() as { items?: Array<{ id: number }> }).items?.[0];
    return row ? String(row.id) : '1';
  };
  const store = await first('/api/stores?pageSize=1');
  const employee = await create('/api/employees', { fullName: 'Nhân viên fuzz', phone: '0901234568', storeId: Number(store) });
  const order = await create('/api/orders', { customerId: Number(customer), kind: 'purchase', currency: 'VND', items: [{ name: 'Hàng fuzz', quantity: 1, unitPriceMinor: 1000 }] });
  const pkg = await create('/api/packages', { trackingNumber: `FUZZ${Date.now()}`, customerId: Number(customer) });
  const mawb = await first('/api/mawbs?pageSize=1');
  const transaction = await first('/api/transactions?pageSize=1');
  const slip = await first('/api/delivery-slips?pageSize=1');
  const slipCode = ((await ctx.request({ method: 'GET', url: `/api/delivery-slips/${slip}` })).json() as { code?: string }).code ?? 'PG-000001';
  await ctx.request({
    method: 'POST',
    url: '/api/integrations/sepay/webhook',
    token: null,
    headers: { authorization: `Apikey ${FUZZ_SEPAY_KEY}` },
    payload: { id: 1, accountNumber: '0071001234567', transferType: 'in', transferAmount: 10_000, content: 'fuzz' },
  });
  const bankTransaction = await first('/api/bank-transactions?pageSize=1');
  const message = await first('/api/messages?pageSize=1');
  const byCollection: Record<string, string> = {
    '/api/bank-transactions': bankTransaction,
    '/api/messages': message,
    '/api/customers': customer,
    '/api/employees': employee,
    '/api/orders': order,
    '/api/packages': pkg,
    '/api/mawbs': mawb,
    '/api/transactions': transaction,
    '/api/delivery-slips': slip,
    '/api/stores': store,
  };
  for (const op of operations) {
    for (const p of op.params.filter((x) => x.in === 'path')) {
      const collection = op.template.slice(0, op.template.indexOf('/{'));
      const value = p.name === 'packageId' ? pkg : p.name === 'code' ? slipCode : byCollection[collection];
      if (value) ids.set(`${op.template}#${p.name}`, value);
    }
  }
});
afterAll(() => ctx?.close());

interface Violation {
  cause: string;
  request: string;
  answer: string;
}

function check(req: FuzzRequest, op: Operation, status: number, body: string, type: string): Violation | undefined {
  const request = `${op.method} ${req.url.slice(0, 200)} [${req.what}] ${typeof req.payload === 'string' ? req.payload.slice(0, 200) : req.payload ? `<${req.payload.length} bytes>` : ''}`;
  const answer = `${status} ${body.slice(0, 300)}`;
  if (status >= 500) return { cause: `${status}`, request, answer };
  for (const [cause, re] of LEAKS) if (re.test(body)) return { cause, request, answer };
  if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { cause: 'error body is not JSON', request, answer: `${answer} (${type})` };
    }
    const o = parsed as Record<string, unknown>;
    const shaped =
      o && typeof o === 'object' && typeof o.message === 'string' && o.message.length > 0 && typeof o.code === 'string' &&
      Object.keys(o).every((k) => ['message', 'code', 'details'].includes(k));
    if (!shaped) return { cause: 'error body not shaped { message, code }', request, answer };
  }
  return undefined;
}

describe('fuzz: malformed requests never get a 5xx, a leak or an unshaped error', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  // Reads first, then writes, then deletions: a deletion that succeeds cannot starve the operations after it.
  const rank = (m: string) => (m === 'GET' ? 0 : m === 'DELETE' ? 2 : 1);
  it(`sends ${RUNS} malformed requests to every operation (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const violations: Violation[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const token = await ctx.tokenFor('Admin');
    let checkMs = 0;
    let injectMs = 0;
    const t0 = Date.now();
    const slowest: Array<[string, number]> = [];
    for (const op of [...operations].sort((a, b) => rank(a.method) - rank(b.method))) {
      const opStart = Date.now();
      await fc.assert(
        fc.asyncProperty(requestFor(op, ids), async (req) => {
          let res;
          const i0 = performance.now();
          try {
            res = await ctx.app.inject({
              method: op.method as 'GET',
              url: req.url,
              headers: { ...authFor(op, req, token), ...req.headers },
              ...(req.payload !== undefined ? { payload: req.payload } : {}),
            });
          } catch (err) {
            // The injector itself refused to build the request (a header it will not send): nothing reached the app.
            if (err instanceof TypeError) return;
            throw err;
          }
          injectMs += performance.now() - i0;
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const c0 = performance.now();
          const v = check(req, op, res.statusCode, res.body, String(res.headers['content-type']));
          checkMs += performance.now() - c0;
          if (v) violations.push(v);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      slowest.push([`${op.method} ${op.template}`, Date.now() - opStart]);
    }
    slowest.sort((a, b) => b[1] - a[1]);
    const seconds = (Date.now() - t0) / 1000;
    console.log(
      `fuzz: ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED}); answers:`,
      Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
      `; inject ${injectMs.toFixed(0)} ms, check ${checkMs.toFixed(0)} ms; slowest operations (ms):`,
      Object.fromEntries(slowest.slice(0, 6)),
    );
    const byCause = new Map<string, Violation[]>();
    for (const v of violations) byCause.set(v.cause, [...(byCause.get(v.cause) ?? []), v]);
    for (const [cause, vs] of byCause) console.log(`✖ ${cause}: ${vs.length}\n  ${vs.slice(0, 8).map((v) => `${v.request}\n    → ${v.answer}`).join('\n  ')}`);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS * 0.95);
    // The Admin session survived the run, so every request above was judged past sign-in. Asked of an Admin-only
    // route without a rate limit: the run itself spends /api/auth/me's per-minute allowance.
    expect((await ctx.request({ method: 'GET', url: '/api/customers?pageSize=1' })).statusCode).toBe(200);
    expect(violations.map((v) => `${v.cause}: ${v.request} → ${v.answer}`)).toEqual([]);
  });
});
