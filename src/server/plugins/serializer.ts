import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * zod writes `x.nullable()` as `anyOf: [x, { type: 'null' }]`; fast-json-stringify answers an anyOf by running a
 * validator per value, so simple nullable types become `type: [t, 'null']`, which it writes without one.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const any = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nullIndex = any.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = any[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type)) {
      delete out.anyOf;
      // A nullable enum keeps null among its values, or a validator (an anyOf around it) refuses null.
      const values = Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {};
      return { ...out, ...other, type: [other.type, 'null'], ...values };
    }
  }
  return out;
}

/** The JSON writer for a response contract, or undefined when its JSON schema cannot describe it (a transform). */
function compileResponseWriter(schema: z.ZodType): ((data: unknown) => string) | undefined {
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

/**
 * Responses are written by fast-json-stringify, compiled once per route from the JSON schema of the route's zod
 * response contract: the contract keeps deciding which fields leave the server (anything it does not name is
 * dropped). `checkResponses` (on under test) also checks each answer against the contract first, so a handler that
 * drifts from its contract fails its tests with the same 500 it used to get in production, and so does a compiled
 * writer whose output differs from JSON.stringify of the encoded contract.
 */
export function responseSerializerCompiler(opts: { checkResponses: boolean }): FastifySerializerCompiler<z.ZodType> {
  // Each route's writer is compiled when the route first answers, not at start: compiling all of them was 0.7 s of a
  // start on a loaded 2-core machine (a start-up CPU profile, bench/RESULTS.md 2026-12-07 evening).
  return (route) => {
    let writer: ((data: unknown) => string) | undefined;
    return (data) => (writer ??= responseWriter(route, opts))(data);
  };
}

/** One route's writer: the compiled one (checked against the contract under test), or zod's own encoding. */
function responseWriter({ schema, method, url }: { schema: z.ZodType; method: string; url: string }, opts: { checkResponses: boolean }): (data: unknown) => string {
  const compiled = compileResponseWriter(schema);
  const encoded = (data: unknown) => {
    const result = z.safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return result.data;
  };
  // A contract with a transform has no JSON schema: it keeps zod's own encoding.
  if (!compiled) return (data) => JSON.stringify(encoded(data));
  if (!opts.checkResponses) return compiled;
  return (data) => {
    const value = encoded(data);
    const text = compiled(value);
    // The compiled writer must say exactly what JSON.stringify of the encoded contract says.
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(value)))) {
      throw new ResponseSerializationError(method, url, {
        cause: new z.ZodError([{ code: 'custom', path: [], message: `compiled writer differs: ${text.slice(0, 200)}`, input: value }]),
      });
    }
    return text;
  };
}
