import { etagOf } from '../../shared/contracts/resource';
import { api, type RequestOptions } from '../lib/api-client';

/** A record with the ETag its edit must send back as If-Match (DESIGN §5). */
export interface Versioned<T> {
  record: T;
  etag: string;
}

/** GET of one record with its ETag (from the header, else from its version). */
export async function getVersioned<T extends { version: number }>(url: string, signal?: AbortSignal): Promise<Versioned<T>> {
  const { data, etag } = await api.getWithEtag<T>(url, undefined, { signal });
  return { record: data, etag: etag ?? etagOf(data.version) };
}

export function versioned<T extends { version: number }>(record: T): Versioned<T> {
  return { record, etag: etagOf(record.version) };
}

/** The request options of a PATCH or DELETE based on this version. */
export function ifMatch(etag: string): RequestOptions {
  return { headers: { 'If-Match': etag } };
}
