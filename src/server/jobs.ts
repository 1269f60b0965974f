import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { runHousekeeping } from './lib/housekeeping';
import { flushMailOutbox, type Mailer } from './lib/mail';
import { QUEUES, startQueue, type QueueHandlers, type QueueName, type RunningQueue } from './lib/queue';
import { runWrite, SYSTEM_META } from './lib/write-context';
import { sweepUnmatchedBankTransactions } from './modules/bank-transactions/index';
import { enqueueBalanceReminders, processMessage, reminderDays, requeueOrphanedMessages } from './modules/notifications/index';

/** What each queue does: the work of this server's background jobs, in one place. */
export function jobHandlers(deps: { database: Database; config: Config; mailer: Mailer; log: FastifyBaseLogger; now?: () => Date }): Record<QueueName, QueueHandlers[string]> {
  const { database, config, log } = deps;
  return {
    [QUEUES.notify]: async (job) => {
      const lastAttempt = job.retryCount >= job.retryLimit;
      return { result: await processMessage(deps, Number(job.data.messageId), { lastAttempt }) };
    },
    [QUEUES.housekeeping]: async () => runHousekeeping(database, { idempotencyKeyTtlMs: config.IDEMPOTENCY_KEY_TTL, log }),
    [QUEUES.mailOutbox]: async () => ({ sent: await flushMailOutbox(database, config, log) }),
    [QUEUES.bankSweep]: async () => ({ matched: await sweepUnmatchedBankTransactions(database.db, config, log) }),
    [QUEUES.balanceReminder]: async () => {
      const day = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
      // How long a balance stays negative before a reminder: Settings' notifications.reminder_days (7 when unset).
      const days = await reminderDays(database);
      const ids = await runWrite(database.db, SYSTEM_META, (ctx) => enqueueBalanceReminders(ctx, days, day));
      return { reminders: ids.length };
    },
  };
}

/** This instance's workers on every queue; queued messages whose job is gone (after a restore) get one again. */
export async function startJobs(deps: Parameters<typeof jobHandlers>[0]): Promise<RunningQueue> {
  const running = await startQueue(deps.database, {
    handlers: jobHandlers(deps),
    log: deps.log,
    pollingIntervalSeconds: deps.config.QUEUE_POLL_SECONDS,
    maintenanceIntervalSeconds: deps.config.QUEUE_MAINTENANCE_SECONDS,
    expireInSeconds: { [QUEUES.notify]: deps.config.NOTIFY_SEND_EXPIRE_SECONDS },
  });
  const requeued = await deps.database.db.transaction((tx) => requeueOrphanedMessages(tx as never));
  if (requeued) deps.log.info({ requeued }, 'queued messages without a send job were given one');
  return running;
}
