import { execFileSync } from 'node:child_process';
import { benchBulkSlips } from './bulk-slips';
import { benchFrontend } from './frontend';
import { benchLarge } from './large';
import { benchThroughput } from './throughput';

/** `npm run bench`: one line per figure. Record results in bench/RESULTS.md with the command that produced them. */
async function main() {
  console.log(`bench ${new Date().toISOString()} on ${process.platform} ${process.arch}, node ${process.version}`);
  console.log('— bundle —');
  console.log(execFileSync(process.execPath, ['scripts/bundle-budget.mjs'], { encoding: 'utf8' }).trim());
  console.log('— API throughput —');
  for (const line of await benchThroughput()) console.log(line);
  if (process.env.BENCH_FRONTEND !== '0') {
    console.log('— front end (headless Chromium, cold cache, median of 3) —');
    for (const line of await benchFrontend()) console.log(line);
  }
  if (process.env.BENCH_LARGE !== '0') {
    console.log('— latency at scale (PostgreSQL) —');
    for (const line of await benchLarge()) console.log(line);
    console.log('— bulk delivery slips (PostgreSQL) —');
    for (const line of await benchBulkSlips()) console.log(line);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
