import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FieldError } from '../../../shared/contracts/resource';
import { HttpError } from '../errors';

/**
 * Validator for resource routes: query-string and path problems become a 400 whose message names the
 * parameter ("Tham số không được hỗ trợ: foo", "Tham số sort không hợp lệ: …") so a caller sees at once
 * which one to fix; bodies keep the app-wide field-error format.
 */
export const namedParamsValidator: FastifySchemaCompiler<unknown> = (route) => {
  const schema = route.schema as z.ZodType;
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validatorCompiler({ ...route, schema });
  const part = route.httpPart;
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const details: FieldError[] = [];
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) details.push({ path: `${part}.${key}`, message: `Tham số không được hỗ trợ: ${key}` });
      } else {
        details.push({ path: [part, ...issue.path.map(String)].join('.'), message: issue.message });
      }
    }
    const unknown = result.error.issues.find((i) => i.code === 'unrecognized_keys');
    const first = result.error.issues[0]!;
    const message = unknown
      ? `Tham số không được hỗ trợ: ${unknown.keys.join(', ')}`
      : `Tham số ${first.path.map(String).join('.') || part} không hợp lệ: ${first.message}`;
    return { error: new HttpError(400, message, undefined, details) };
  };
};
