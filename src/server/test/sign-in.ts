import { base32Decode, hotp, TOTP_STEP_SECONDS, TOTP_WINDOW, totpStep } from '../lib/totp';

/**
 * Signs an Admin in over real HTTP on a database made without demo data, where Admins must have a second factor:
 * the first sign-in enrols an authenticator key (as a person would with the QR code) and answers with the session.
 * The key is kept per e-mail (the instances of one database share it), so a later sign-in answers the code challenge. Not shipped: nothing in the
 * server imports this file.
 */
const keys = new Map<string, { secret: Buffer; lastStep: number }>();

interface Session {
  token: string;
  refreshToken: string;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** A code for a time step after the last one this key used (a step is accepted once), within the server's window. */
async function freshCode(key: { secret: Buffer; lastStep: number }): Promise<string> {
  for (;;) {
    const now = totpStep(Date.now());
    const step = Math.max(now - TOTP_WINDOW, key.lastStep + 1);
    if (step <= now + TOTP_WINDOW) {
      key.lastStep = step;
      return hotp(key.secret, step);
    }
    await new Promise((r) => setTimeout(r, (TOTP_STEP_SECONDS * 1000) / 10));
  }
}

export async function signInAdmin(base: string, creds: { email: string; password: string }, headers: Record<string, string> = {}): Promise<Session> {
  const first = await post(`${base}/api/auth/login`, creds, headers);
  if (first.status === 200) return first.body as unknown as Session;
  const mfaToken = first.body.mfaToken as string | undefined;
  const id = creds.email.toLowerCase();
  if (first.status === 401 && first.body.code === 'MFA_ENROL_REQUIRED' && mfaToken) {
    const enrol = await post(`${base}/api/auth/login/mfa/enrol`, { mfaToken }, headers);
    if (enrol.status !== 200) throw new Error(`enrolment refused: ${enrol.status} ${JSON.stringify(enrol.body)}`);
    const key = { secret: base32Decode(enrol.body.secret as string), lastStep: 0 };
    keys.set(id, key);
    const done = await post(`${base}/api/auth/login/mfa/enrol/confirm`, { mfaToken, code: await freshCode(key) }, headers);
    if (done.status !== 200) throw new Error(`enrolment not confirmed: ${done.status} ${JSON.stringify(done.body)}`);
    return done.body as unknown as Session;
  }
  const key = keys.get(id);
  if (first.status === 401 && first.body.code === 'MFA_REQUIRED' && mfaToken && key) {
    const done = await post(`${base}/api/auth/login/mfa`, { mfaToken, code: await freshCode(key) }, headers);
    if (done.status !== 200) throw new Error(`second step refused: ${done.status} ${JSON.stringify(done.body)}`);
    return done.body as unknown as Session;
  }
  throw new Error(`sign-in failed: ${first.status} ${JSON.stringify(first.body)}`);
}
