import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/**
 * What the office bench measures besides latencies, so that it prints the reason for a budget it misses instead of a
 * guess: where the machine's CPU went during a load (the server's one process, PostgreSQL's processes, the bench's
 * own simulated staff) and, on PostgreSQL, what the database sessions were doing, sampled from pg_stat_activity.
 * Linux only (/proc); elsewhere the CPU lines are left out.
 */

/** Clock ticks per second of /proc's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU seconds from the text of /proc/<pid>/stat (fields 14 and 15; the name may hold spaces). */
export function statCpuSeconds(stat: string, ticks = TICKS): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / ticks;
}

/** Busy and total CPU seconds of the whole machine from the first line of /proc/stat (idle and iowait are not busy). */
export function machineCpuSeconds(procStat: string, ticks = TICKS): { busy: number; total: number } {
  const f = procStat.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((s, x) => s + x, 0);
  return { busy: (total - f[3]! - f[4]!) / ticks, total: total / ticks };
}

function processCpu(pid: number): number {
  try {
    return statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/** CPU seconds of each process named `postgres` on this machine (the bench's server is the only one it runs), by pid. */
function postgresCpu(): Map<number, number> {
  const m = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') m.set(Number(d), processCpu(Number(d)));
    } catch {
      // gone between the listing and the read
    }
  }
  return m;
}

/**
 * PostgreSQL's CPU between two readings: each process's growth, a process started since counted from zero. One that
 * ended in between is left out (its last seconds are lost: an undercount, never a negative).
 */
export function postgresDelta(a: Map<number, number>, b: Map<number, number>): number {
  let s = 0;
  for (const [pid, cpu] of b) s += cpu - (a.get(pid) ?? 0);
  return s;
}

interface CpuSnapshot {
  at: number;
  server: number;
  postgres: Map<number, number>;
  bench: number;
  machine: { busy: number; total: number };
}

function snapshot(serverPid: number): CpuSnapshot | undefined {
  try {
    const u = process.cpuUsage();
    return { at: performance.now(), server: processCpu(serverPid), postgres: postgresCpu(), bench: (u.user + u.system) / 1e6, machine: machineCpuSeconds(readFileSync('/proc/stat', 'utf8')) };
  } catch {
    return undefined;
  }
}

/** Starts counting CPU; the returned function stops and gives the line to print (or undefined off Linux). */
export function cpuDuring(serverPid: number, cores = os.availableParallelism()): () => string | undefined {
  const a = snapshot(serverPid);
  return () => {
    const b = snapshot(serverPid);
    if (!a || !b) return undefined;
    return cpuLine(a, b, cores);
  };
}

export function cpuLine(a: CpuSnapshot, b: CpuSnapshot, cores: number): string {
  const wall = (b.at - a.at) / 1000;
  const part = (name: string, s: number) => `${name} ${s.toFixed(1)} s (${((100 * s) / wall).toFixed(0)} % of one core)`;
  const busy = b.machine.busy - a.machine.busy;
  const total = b.machine.total - a.machine.total;
  return (
    `CPU over ${wall.toFixed(0)} s: ${part('server process', b.server - a.server)}, ${part('PostgreSQL', postgresDelta(a.postgres, b.postgres))}, ` +
    `${part('the simulated staff (this bench)', b.bench - a.bench)}; the machine ${total > 0 ? ((100 * busy) / total).toFixed(0) : '?'} % busy over its ${cores} cores`
  );
}

export interface ActivityRow {
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string | null;
}

/** What one sampled session was doing: on CPU, waiting (type:event), or holding a transaction open between statements. */
export function activityClass(r: ActivityRow): string {
  if (r.state === 'active') return r.wait_event_type ? `waiting ${r.wait_event_type}:${r.wait_event}` : 'running (on CPU or in the kernel)';
  return r.state ?? 'unknown';
}

/** The statement's head, whitespace folded: enough to name it. */
export function statementHead(q: string | null, n = 90): string {
  return (q ?? '').replace(/\s+/g, ' ').trim().slice(0, n);
}

/** Tallies of sampled session states, and of state × statement. */
export class ActivityTally {
  samples = 0;
  readonly byClass = new Map<string, number>();
  readonly byStatement = new Map<string, number>();

  add(rows: ActivityRow[]) {
    this.samples += 1;
    for (const r of rows) {
      const c = activityClass(r);
      this.byClass.set(c, (this.byClass.get(c) ?? 0) + 1);
      const k = `${c} — ${statementHead(r.query)}`;
      this.byStatement.set(k, (this.byStatement.get(k) ?? 0) + 1);
    }
  }

  /** Lines to print: the average number of busy sessions, each class's share, then the `top` state × statement pairs. */
  lines(top = 6): string[] {
    const busy = [...this.byClass.values()].reduce((s, x) => s + x, 0);
    if (this.samples === 0) return ['database sessions: no samples'];
    const share = (x: number) => `${((100 * x) / Math.max(1, busy)).toFixed(0)} %`;
    const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
    return [
      `database sessions, ${this.samples} samples: on average ${(busy / this.samples).toFixed(2)} not idle — ` + sorted(this.byClass).map(([c, x]) => `${c} ${share(x)}`).join(', '),
      ...sorted(this.byStatement)
        .slice(0, top)
        .map(([k, x]) => `  ${share(x)} ${k}`),
    ];
  }
}

/**
 * Samples pg_stat_activity of one database every `everyMs` until stopped: the sessions that are not idle, what they
 * wait for and which statement they are in. A Lock wait names a row or transaction lock; "idle in transaction" is a
 * transaction held open while the server does other work between its statements.
 */
export async function sampleActivity(url: string, everyMs = 50): Promise<() => Promise<ActivityTally>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tally = new ActivityTally();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await client.query<ActivityRow>(
        `SELECT state, wait_event_type, wait_event, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`,
      );
      tally.add(r.rows);
      await new Promise((res) => setTimeout(res, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await client.end();
    return tally;
  };
}

/**
 * Probes the server's own thread during a load: a request that needs no database and no sign-in (`path`, a static
 * file) every `everyMs`. Its answer is late only when the thread is busy, so a late probe during a load says the
 * thread itself was held (PGlite's queries run in it), not that a request waited for a connection. The returned
 * function stops and gives the line to print.
 */
export function probeThread(base: string, path = '/favicon.svg', everyMs = 100): () => Promise<string> {
  const times: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      try {
        const res = await fetch(base + path);
        await res.arrayBuffer();
        times.push(performance.now() - t);
      } catch {
        // counted as missing; the load's own errors say more
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return threadLine(times, everyMs);
  };
}

export function threadLine(times: number[], everyMs: number): string {
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  const late = (ms: number) => s.filter((x) => x > ms).length;
  return (
    `the server's thread (a static file asked every ${everyMs} ms, ${s.length} probes): p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, ` +
    `longest ${(s.at(-1) ?? NaN).toFixed(0)} ms; ${late(50)} over 50 ms, ${late(200)} over 200 ms`
  );
}
