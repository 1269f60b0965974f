import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_STATES, NOTIFY_EVENTS } from '../domain/notifications';
import { defineListSpec, filter, listedResourceSchemas, type ListQuery } from './list-query';
import { PhoneInput, Timestamp } from './resource';

/** One customer notification as the message log shows it (GET /api/messages). */
export const Message = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  event: z.enum(NOTIFY_EVENTS),
  channel: z.enum(MESSAGE_CHANNELS),
  groupKey: z.string(),
  state: z.enum(MESSAGE_STATES),
  recipient: z.string(),
  packageIds: z.array(z.number().int()),
  trackingId: z.string(),
  /** The provider's answer as it came (Zalo's JSON), or null before any. */
  providerAnswer: z.unknown().nullable(),
  reason: z.string(),
  attempts: z.number().int(),
  version: z.number().int(),
  sendAfter: Timestamp,
  sentAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Message = z.infer<typeof Message>;

export const MESSAGE_LIST = defineListSpec({
  sortable: ['createdAt', 'sentAt'],
  defaultSort: '-createdAt',
  search: false,
  filters: {
    customerId: filter.ids(),
    event: filter.list(NOTIFY_EVENTS),
    channel: filter.list(MESSAGE_CHANNELS),
    state: filter.list(MESSAGE_STATES),
    created: filter.dateRange(),
  },
});
export const { listQuery: MessageListQuery, list: MessageList } = listedResourceSchemas(Message, MESSAGE_LIST);
export type MessageListQuery = ListQuery<typeof MESSAGE_LIST>;
export type MessageList = z.infer<typeof MessageList>;

/** POST /api/messages/test: one ZNS message of an event kind's template, with sample data, to a phone number. */
export const MessageTestRequest = z.strictObject({
  event: z.enum(NOTIFY_EVENTS, { error: 'Loại sự kiện không hợp lệ' }),
  phone: PhoneInput,
});
export type MessageTestRequest = z.output<typeof MessageTestRequest>;

/** What the provider answered to a test send (sent, refused for good, or worth another try), and what was sent. */
export const MessageTestResult = z.object({
  outcome: z.enum(['sent', 'failed', 'retry']),
  phone: z.string(),
  templateId: z.string(),
  templateData: z.record(z.string(), z.string()),
  answer: z.unknown().nullable(),
  reason: z.string(),
});
export type MessageTestResult = z.infer<typeof MessageTestResult>;

/** GET /api/messages/queue: the job queue's figures (the same as /api/health's `queue`). */
export const QueueStatus = z.object({
  /** Jobs due and waiting. */
  backlog: z.number().int(),
  /** Seconds the oldest due job has waited. */
  oldestWaitingSeconds: z.number().int(),
  /** Jobs failed for good in the last hour. */
  failedLastHour: z.number().int(),
});
export type QueueStatus = z.infer<typeof QueueStatus>;
