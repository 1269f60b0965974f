import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Zalo's ZNS and OAuth endpoints, for tests and `npm run dev:zns`. Not shipped: the server never
 * imports it. It checks a request as Zalo documents it (method, path, the `access_token` header, a phone "84…",
 * a known template id, every parameter of the template present and within its length) and answers Zalo's shapes:
 * `{ error: 0, message: "Success", data: { msg_id, sent_time, quota } }` or a non-zero `error` with `message`.
 * A tracking_id seen before answers the first send's msg_id and is not counted again. It can be told to answer
 * 500, to time out, to answer "invalid phone" for the next N sends, or to lose its answer: the message is delivered
 * but the answer never leaves (the sender died, or the network dropped it).
 */
export interface FakeZnsOptions {
  /** template id → its parameters and their length limits. */
  templates: Record<string, Record<string, number>>;
  accessToken?: string;
  appId?: string;
  secretKey?: string;
  refreshToken?: string;
}

export interface FakeSend {
  phone: string;
  templateId: string;
  templateData: Record<string, string>;
  trackingId: string;
  msgId: string;
  mode?: string;
}

export interface FakeZns {
  url: string;
  /** Messages accepted, one per tracking_id. */
  sent: FakeSend[];
  /** Every POST to /message/template, accepted or not. */
  requests: number;
  refreshes: number;
  /** The next `n` sends answer this way. */
  failNext(n: number, how: 'http500' | 'timeout' | 'invalid_phone' | 'template_not_approved' | 'lost_answer'): void;
  /** The access token now valid (after a refresh, the new one). */
  accessToken: string;
  /** Makes the current access token invalid (Zalo answers -124 until it is refreshed). */
  expireToken(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startFakeZns(opts: FakeZnsOptions, port = 0): Promise<FakeZns> {
  const failures: Array<'http500' | 'timeout' | 'invalid_phone' | 'template_not_approved' | 'lost_answer'> = [];
  const byTracking = new Map<string, FakeSend>();
  let refreshToken = opts.refreshToken ?? 'fake-refresh-token';
  const hanging = new Set<() => void>();
  const state = {
    sent: [] as FakeSend[],
    requests: 0,
    refreshes: 0,
    accessToken: opts.accessToken ?? 'fake-access-token',
  };
  const server: Server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const body = await readBody(req);
    if (req.method === 'POST' && req.url === '/v4/oa/access_token') {
      const form = new URLSearchParams(body);
      if (req.headers.secret_key !== (opts.secretKey ?? 'fake-secret') || form.get('app_id') !== (opts.appId ?? 'fake-app')) {
        return reply(200, { error: -14002, error_name: 'Invalid app', error_description: 'app_id or secret_key is invalid' });
      }
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== refreshToken) {
        return reply(200, { error: -14014, error_name: 'Invalid refresh token', error_description: 'refresh_token is invalid or used' });
      }
      state.refreshes++;
      state.accessToken = `fake-access-${randomUUID()}`;
      refreshToken = `fake-refresh-${randomUUID()}`;
      return reply(200, { access_token: state.accessToken, refresh_token: refreshToken, expires_in: '90000' });
    }
    if (req.url !== '/message/template') return reply(404, { error: -106, message: 'Method unsupported' });
    if (req.method !== 'POST') return reply(200, { error: -106, message: 'Method unsupported' });
    state.requests++;
    const failure = failures.shift();
    /** Never answered until the fake closes: the client's timeout (or its death) decides. */
    const hang = async () => {
      await new Promise<void>((r) => hanging.add(r));
      res.destroy();
    };
    if (failure === 'timeout') return hang();
    if (failure === 'http500') return reply(500, { error: -100, message: 'Unknown error' });
    if (req.headers.access_token !== state.accessToken) return reply(200, { error: -124, message: 'Access token is invalid' });
    let msg: { phone?: unknown; template_id?: unknown; template_data?: unknown; tracking_id?: unknown; mode?: unknown };
    try {
      msg = JSON.parse(body);
    } catch {
      return reply(200, { error: -112, message: 'Template data invalid' });
    }
    if (failure === 'invalid_phone' || typeof msg.phone !== 'string' || !/^84\d{9}$/.test(msg.phone)) return reply(200, { error: -108, message: 'Phone number invalid' });
    const template = typeof msg.template_id === 'string' ? opts.templates[msg.template_id] : undefined;
    if (!template) return reply(200, { error: -109, message: 'Template ID invalid' });
    if (failure === 'template_not_approved') return reply(200, { error: -117, message: 'OA or App does not have permission to access this template' });
    const data = msg.template_data as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object' || Object.keys(data).length === 0) return reply(200, { error: -111, message: 'Template data empty' });
    for (const [name, max] of Object.entries(template)) {
      const v = data[name];
      if (typeof v !== 'string' || v.length > max) return reply(200, { error: -112, message: `Template data invalid: ${name}` });
    }
    if (typeof msg.tracking_id !== 'string' || !msg.tracking_id) return reply(200, { error: -112, message: 'tracking_id is missing' });
    const seen = byTracking.get(msg.tracking_id);
    const send = seen ?? {
      phone: msg.phone,
      templateId: msg.template_id as string,
      templateData: data as Record<string, string>,
      trackingId: msg.tracking_id,
      msgId: randomUUID().replace(/-/g, ''),
      ...(typeof msg.mode === 'string' ? { mode: msg.mode } : {}),
    };
    if (!seen) {
      byTracking.set(send.trackingId, send);
      state.sent.push(send);
    }
    if (failure === 'lost_answer') return hang();
    return reply(200, { error: 0, message: 'Success', data: { msg_id: send.msgId, sent_time: String(Date.now()), quota: { dailyQuota: '500', remainingQuota: String(500 - state.sent.length) } } });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    get sent() {
      return state.sent;
    },
    get requests() {
      return state.requests;
    },
    get refreshes() {
      return state.refreshes;
    },
    get accessToken() {
      return state.accessToken;
    },
    failNext(n, how) {
      for (let i = 0; i < n; i++) failures.push(how);
    },
    expireToken() {
      state.accessToken = `expired-${randomUUID()}`;
    },
    async close() {
      for (const r of hanging) r();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
