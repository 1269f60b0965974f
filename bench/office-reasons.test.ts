import { describe, expect, it } from 'vitest';
import { activityClass, ActivityTally, cpuLine, machineCpuSeconds, postgresDelta, statCpuSeconds, statementHead, threadLine } from './office-reasons';

describe('office bench reasons', () => {
  it('reads user + system CPU from a /proc/<pid>/stat line, a name with spaces and parentheses included', () => {
    const stat = '4242 (node (main) x) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 566 0 0 20 0 11 0 100 0 0';
    expect(statCpuSeconds(stat, 100)).toBeCloseTo(18.0, 6);
  });

  it('counts idle and iowait as not busy in /proc/stat', () => {
    const { busy, total } = machineCpuSeconds('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 1 2 3 4 5 6 7 8', 100);
    expect(busy).toBeCloseTo(1.5, 6);
    expect(total).toBeCloseTo(10, 6);
  });

  it('prints each share of one core over the wall time, and the machine over its cores', () => {
    const a = { at: 0, server: 10, postgres: new Map([[1, 4], [2, 1], [3, 50]]), bench: 1, machine: { busy: 100, total: 400 } };
    const b = { at: 10_000, server: 19, postgres: new Map([[1, 5], [2, 1.5], [4, 0.5]]), bench: 2, machine: { busy: 115, total: 420 } };
    expect(cpuLine(a, b, 2)).toBe(
      'CPU over 10 s: server process 9.0 s (90 % of one core), PostgreSQL 2.0 s (20 % of one core), the simulated staff (this bench) 1.0 s (10 % of one core); the machine 75 % busy over its 2 cores',
    );
  });

  it("counts PostgreSQL's growth per process: a new one from zero, one that ended left out (never negative)", () => {
    expect(postgresDelta(new Map([[1, 10], [2, 30]]), new Map([[1, 12], [3, 1]]))).toBe(3);
  });

  it('names what a sampled session was doing', () => {
    expect(activityClass({ state: 'active', wait_event_type: 'Lock', wait_event: 'transactionid', query: 'UPDATE x' })).toBe('waiting Lock:transactionid');
    expect(activityClass({ state: 'active', wait_event_type: null, wait_event: null, query: 'SELECT 1' })).toBe('running (on CPU or in the kernel)');
    expect(activityClass({ state: 'idle in transaction', wait_event_type: 'Client', wait_event: 'ClientRead', query: 'SELECT 1' })).toBe('idle in transaction');
    expect(statementHead('  UPDATE   packages\n   SET status = $1  ', 19)).toBe('UPDATE packages SET');
  });

  it('gives each state its share of the busy sessions and the heaviest state × statement pairs first', () => {
    const t = new ActivityTally();
    const lock = { state: 'active', wait_event_type: 'Lock', wait_event: 'tuple', query: 'UPDATE daily SET n = n + 1' };
    const cpu = { state: 'active', wait_event_type: null, wait_event: null, query: 'SELECT * FROM packages' };
    t.add([lock, lock, lock, cpu]);
    t.add([]);
    const [head, first, second] = t.lines();
    expect(head).toBe('database sessions, 2 samples: on average 2.00 not idle — waiting Lock:tuple 75 %, running (on CPU or in the kernel) 25 %');
    expect(first).toBe('  75 % waiting Lock:tuple — UPDATE daily SET n = n + 1');
    expect(second).toBe('  25 % running (on CPU or in the kernel) — SELECT * FROM packages');
  });
});

describe('thread probe line', () => {
  it('prints the spread of the probes and how many were late', () => {
    const times = [...Array.from({ length: 97 }, () => 2), 60, 250, 400];
    expect(threadLine(times, 100)).toBe(
      "the server's thread (a static file asked every 100 ms, 100 probes): p50 2.0 ms, p99 400.0 ms, longest 400 ms; 3 over 50 ms, 2 over 200 ms",
    );
  });
});
