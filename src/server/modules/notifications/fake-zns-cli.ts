import { ZNS_PARAMS, NOTIFY_EVENTS } from '../../../shared/domain/notifications';
import { startFakeZns } from './fake-zns';

// `npm run dev:zns`: the fake ZNS on FAKE_ZNS_PORT (default 4599), one template per event kind named after it
// (ZNS_TEMPLATES='{"received_abroad":"received_abroad",…}'), token "fake-access-token", app "fake-app", secret "fake-secret".
const port = Number(process.env.FAKE_ZNS_PORT ?? 4599);
const fake = await startFakeZns({ templates: Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, ZNS_PARAMS[e]])) }, port);
console.log(`Fake ZNS at ${fake.url}: ZNS_BASE_URL=${fake.url} ZNS_OAUTH_URL=${fake.url} ZNS_ACCESS_TOKEN=fake-access-token ZNS_REFRESH_TOKEN=fake-refresh-token ZNS_APP_ID=fake-app ZNS_SECRET_KEY=fake-secret`);
setInterval(() => console.log(`${fake.sent.length} message(s) accepted, ${fake.requests} request(s)`), 10_000).unref();
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
