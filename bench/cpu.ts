import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU time spent by processes, read from /proc (Linux): user + system, in milliseconds. A throughput figure moves
 * with whatever else the machine runs; the CPU a process spends per request barely does, so the bench prints both.
 */
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14 and 15)
  } catch {
    return 0; // the process is gone
  }
}

/** The server process and, on PostgreSQL, the backends serving its database. */
export class CpuMeter {
  private constructor(
    private readonly serverPid: number,
    private readonly admin: pg.Client | undefined,
    private readonly database: string | undefined,
  ) {}

  static async open(serverPid: number, databaseUrl?: string): Promise<CpuMeter> {
    if (!databaseUrl) return new CpuMeter(serverPid, undefined, undefined);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    return new CpuMeter(serverPid, admin, new URL(databaseUrl).pathname.slice(1));
  }

  private async backends(): Promise<number[]> {
    if (!this.admin) return [];
    const r = await this.admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [this.database]);
    return r.rows.map((x) => x.pid);
  }

  /** Starts a measurement; the returned function gives the CPU milliseconds spent since, by the server and the database. */
  async start(): Promise<() => Promise<{ serverMs: number; databaseMs: number }>> {
    const server0 = processCpuMs(this.serverPid);
    const before = new Map((await this.backends()).map((pid) => [pid, processCpuMs(pid)]));
    return async () => {
      const serverMs = processCpuMs(this.serverPid) - server0;
      let databaseMs = 0;
      // A backend that came up during the run started from nothing; one that ended is lost (pools keep theirs busy).
      for (const pid of new Set([...before.keys(), ...(await this.backends())])) databaseMs += Math.max(0, processCpuMs(pid) - (before.get(pid) ?? 0));
      return { serverMs, databaseMs };
    };
  }

  async close(): Promise<void> {
    await this.admin?.end();
  }
}
