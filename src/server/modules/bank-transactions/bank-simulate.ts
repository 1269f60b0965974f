import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEMO_BANK_ACCOUNT } from '../../db/seed/settings';
import { cassoSignatureHeader } from './bank-webhook.auth';

/**
 * `npm run bank:simulate -- --provider sepay|casso --amount 150000 --memo "PG261200301"`: posts one incoming transfer
 * to a running console exactly as the provider would, correctly authenticated, and prints the answer. For demos and
 * for trying the matching without a bank. Options: --url (default http://127.0.0.1:3000), --key (default
 * SEPAY_WEBHOOK_KEY / CASSO_WEBHOOK_KEY from the environment), --account (default the demo seed's receiving
 * account), --id (default random), --reference, --out (an outgoing transfer).
 */

export interface SimulateOptions {
  provider: 'sepay' | 'casso';
  amount: number;
  memo: string;
  url: string;
  key: string;
  account: string;
  id?: number;
  reference?: string;
  out?: boolean;
}

function vietnamNow(): string {
  return new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function simulatedRequest(o: SimulateOptions, now = Date.now()): { path: string; headers: Record<string, string>; body: string } {
  const id = o.id ?? randomInt(1, 2 ** 31);
  const reference = o.reference ?? `SIM${id}`;
  if (o.provider === 'sepay') {
    const body = {
      id,
      gateway: 'Simulator',
      transactionDate: vietnamNow(),
      accountNumber: o.account,
      code: null,
      content: o.memo,
      transferType: o.out ? 'out' : 'in',
      transferAmount: o.amount,
      accumulated: 0,
      subAccount: null,
      referenceCode: reference,
      description: o.memo,
    };
    return { path: '/api/integrations/sepay/webhook', headers: { 'content-type': 'application/json', authorization: `Apikey ${o.key}` }, body: JSON.stringify(body) };
  }
  const body = {
    error: 0,
    data: {
      id,
      reference,
      description: o.memo,
      amount: o.out ? -o.amount : o.amount,
      runningBalance: 0,
      transactionDateTime: vietnamNow(),
      accountNumber: o.account,
      bankName: 'Simulator',
      bankAbbreviation: 'SIM',
      virtualAccountNumber: '',
      virtualAccountName: '',
      counterAccountName: 'NGUYEN VAN A',
      counterAccountNumber: '0123456789',
      counterAccountBankId: '970415',
      counterAccountBankName: 'VietinBank',
    },
  };
  return { path: '/api/integrations/casso/webhook', headers: { 'content-type': 'application/json', 'x-casso-signature': cassoSignatureHeader(o.key, now, body) }, body: JSON.stringify(body) };
}

export async function simulateTransfer(o: SimulateOptions): Promise<{ status: number; body: string }> {
  const req = simulatedRequest(o);
  const res = await fetch(new URL(req.path, o.url), { method: 'POST', headers: req.headers, body: req.body });
  return { status: res.status, body: await res.text() };
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      provider: { type: 'string' },
      amount: { type: 'string' },
      memo: { type: 'string', default: '' },
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      key: { type: 'string' },
      account: { type: 'string', default: DEMO_BANK_ACCOUNT.accountNumber },
      id: { type: 'string' },
      reference: { type: 'string' },
      out: { type: 'boolean', default: false },
    },
  });
  const provider = values.provider;
  const amount = Number(values.amount);
  if ((provider !== 'sepay' && provider !== 'casso') || !Number.isSafeInteger(amount) || amount <= 0) {
    console.error('usage: npm run bank:simulate -- --provider sepay|casso --amount 150000 --memo "PG261200301" [--url http://127.0.0.1:3000] [--key KEY] [--account NUMBER] [--id N] [--out]');
    return 2;
  }
  const key = values.key ?? (provider === 'sepay' ? process.env.SEPAY_WEBHOOK_KEY : process.env.CASSO_WEBHOOK_KEY);
  if (!key) {
    console.error(`no key: pass --key or set ${provider === 'sepay' ? 'SEPAY_WEBHOOK_KEY' : 'CASSO_WEBHOOK_KEY'} (the key the console was given)`);
    return 2;
  }
  const answer = await simulateTransfer({ provider, amount, memo: values.memo, url: values.url, key, account: values.account, id: values.id ? Number(values.id) : undefined, reference: values.reference, out: values.out });
  console.log(`${provider} → ${values.url}: ${answer.status} ${answer.body}`);
  return answer.status >= 200 && answer.status < 300 ? 0 : 1;
}

if (process.argv[1] && /bank-simulate\.ts$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
