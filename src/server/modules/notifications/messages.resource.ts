import { eq } from 'drizzle-orm';
import { Message, MessageList, MessageListQuery, MESSAGE_LIST } from '../../../shared/contracts/messages';
import type { MessageChannel, MessageState, NotifyEvent } from '../../../shared/domain/notifications';
import { customers, messages } from '../../db/schema/index';
import { defineResource } from '../../lib/resource/define';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The message log as a resource: list and get. Messages are written by the notification path only. */
export const messagesResource = defineResource({
  name: 'messages',
  label: 'tin nhắn',
  table: messages,
  spec: MESSAGE_LIST,
  schemas: { item: Message, list: MessageList, listQuery: MessageListQuery },
  select: {
    fields: {
      id: messages.id,
      customerId: messages.customerId,
      customerCode: customers.code,
      customerName: customers.fullName,
      event: messages.event,
      channel: messages.channel,
      groupKey: messages.groupKey,
      state: messages.state,
      recipient: messages.recipient,
      packageIds: messages.packageIds,
      trackingId: messages.trackingId,
      providerAnswer: messages.providerAnswer,
      reason: messages.reason,
      attempts: messages.attempts,
      version: messages.version,
      sendAfter: messages.sendAfter,
      sentAt: messages.sentAt,
      createdAt: messages.createdAt,
      updatedAt: messages.updatedAt,
    },
    joins: [{ table: customers, on: eq(customers.id, messages.customerId) }],
    toItem: (r): Message => ({
      ...r,
      event: r.event as NotifyEvent,
      channel: r.channel as MessageChannel,
      state: r.state as MessageState,
      customerCode: r.customerCode ?? null,
      customerName: r.customerName ?? null,
      providerAnswer: r.providerAnswer ?? null,
      sendAfter: r.sendAfter.toISOString(),
      sentAt: iso(r.sentAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
  },
  sort: { createdAt: messages.createdAt, sentAt: messages.sentAt },
  filters: {
    customerId: messages.customerId,
    event: messages.event,
    channel: messages.channel,
    state: messages.state,
    created: messages.createdAt,
  },
});
