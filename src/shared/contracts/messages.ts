import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_STATES, NOTIFY_EVENTS } from '../domain/notifications';
import { defineListSpec, filter, listedResourceSchemas, type ListQuery } from './list-query';
import { Timestamp } from './resource';

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
