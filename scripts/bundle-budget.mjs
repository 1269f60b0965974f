// Checks the bundle budgets of ENGINEERING.md on dist/web: the login page's (and the public landing page's) initial
// JavaScript ≤ 160 KB gzip,
// no route chunk > 120 KB gzip, and ECharts only in dashboard chunks. Prints the figures.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.mjs';

const LOGIN_BUDGET = 160 * 1024;
const CHUNK_BUDGET = 120 * 1024;
const dist = path.join(ROOT, 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// The JS a first visit to /auth/login must download: the entry, its static imports, and the login screen's chunk
// with its static imports.
const staticClosure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const k of manifest[key]?.imports ?? []) staticClosure(k, seen);
  return seen;
};
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => /features\/auth\/login[^/]*\.tsx$/.test(k));
const problems = [];
if (!loginKey) problems.push('the login screen chunk (src/web/features/auth/login*.tsx) was not found in the manifest');
const initial = staticClosure(entryKey);
if (loginKey) staticClosure(loginKey, initial);
const initialFiles = [...new Set([...initial].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
const initialSize = initialFiles.reduce((s, f) => s + gzipSize(f), 0);
console.log(`login page initial JS: ${kb(initialSize)} gzip in ${initialFiles.length} files (budget ${kb(LOGIN_BUDGET)})`);
if (initialSize > LOGIN_BUDGET) problems.push(`login page initial JS ${kb(initialSize)} > ${kb(LOGIN_BUDGET)}`);
// No chain of loads before the form: every script the login page needs (and its strings in the default language)
// is named in index.html, so the browser asks for all of them with the entry.
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
const stringsKeys = Object.keys(manifest).filter((k) => /i18n\/vi\/(common|shell|auth)\.json$/.test(k));
const authLayoutKey = Object.keys(manifest).find((k) => /layouts\/auth-layout\.tsx$/.test(k));
const firstScreen = new Set(initial);
for (const k of [...stringsKeys, ...(authLayoutKey ? [authLayoutKey] : [])]) staticClosure(k, firstScreen);
const notNamed = [...new Set([...firstScreen].map((k) => manifest[k].file))].filter((f) => f.endsWith('.js') && !indexHtml.includes(`/${f}"`));
console.log(`login page scripts not named in index.html (each one a later round trip): ${notNamed.length}`);
if (notNamed.length) problems.push(`the login page loads these only after the entry (a chain): ${notNamed.join(', ')}`);
// What the server really sends: the brotli file the build wrote beside each asset (gzip for clients without br).
// Files under 1 KiB are sent as they are (the build does not compress them).
const plainSize = (file) => statSync(path.join(dist, file)).size;
const onWire = (file, ext) =>
  existsSync(path.join(dist, file + ext)) ? statSync(path.join(dist, file + ext)).size : plainSize(file) < 1024 ? plainSize(file) : null;
const missing = initialFiles.filter((f) => onWire(f, '.br') === null || onWire(f, '.gz') === null);
if (missing.length) problems.push(`not precompressed (no .br/.gz beside it): ${missing.join(', ')}`);
else {
  const br = initialFiles.reduce((s, f) => s + onWire(f, '.br'), 0);
  const gzWire = initialFiles.reduce((s, f) => s + onWire(f, '.gz'), 0);
  console.log(`login page initial JS on the wire: ${kb(br)} brotli, ${kb(gzWire)} gzip (precompressed files served by Accept-Encoding)`);
}

// The public landing page (/, public tracking) is a customer's first visit on a phone: the same budget.
const landingKey = Object.keys(manifest).find((k) => /features\/landing\/landing-page\.tsx$/.test(k));
if (!landingKey) problems.push('the landing page chunk (src/web/features/landing/landing-page.tsx) was not found in the manifest');
else {
  const landing = staticClosure(landingKey, staticClosure(entryKey));
  const landingFiles = [...new Set([...landing].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
  const landingSize = landingFiles.reduce((s, f) => s + gzipSize(f), 0);
  console.log(`landing page initial JS: ${kb(landingSize)} gzip in ${landingFiles.length} files (budget ${kb(LOGIN_BUDGET)})`);
  if (landingSize > LOGIN_BUDGET) problems.push(`landing page initial JS ${kb(landingSize)} > ${kb(LOGIN_BUDGET)}`);
}

const chunks = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
const uniqueFiles = [...new Set(chunks.map((c) => c.file))];
const sizes = uniqueFiles.map((f) => [f, gzipSize(f)]).sort((a, b) => b[1] - a[1]);
console.log(`largest chunks (budget ${kb(CHUNK_BUDGET)} each):`);
for (const [f, s] of sizes.slice(0, 5)) console.log(`  ${kb(s).padStart(9)}  ${f}`);
for (const [f, s] of sizes) if (s > CHUNK_BUDGET) problems.push(`chunk ${f} is ${kb(s)} > ${kb(CHUNK_BUDGET)}`);

// ECharts marks its DOM nodes with this attribute name; the string survives minification.
const echartsFiles = uniqueFiles.filter((f) => readFileSync(path.join(dist, f), 'utf8').includes('_echarts_instance_'));
for (const f of echartsFiles) {
  if (initialFiles.includes(f)) problems.push(`ECharts is in the login page's initial JS (${f})`);
}
console.log(`ECharts chunks: ${echartsFiles.length ? echartsFiles.join(', ') : 'none yet'}`);
if (problems.length) {
  console.error('✖ bundle budget:\n  ' + problems.join('\n  '));
  process.exit(1);
}
console.log('✓ bundle budget holds');
