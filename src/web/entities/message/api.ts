import { useQuery } from '@tanstack/react-query';
import { MESSAGE_LIST, type Message, type MessageList, type MessageTestRequest, type MessageTestResult, type QueueStatus } from '../../../shared/contracts/messages';
import { defineResourceClient } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** Customer notifications: GET /api/messages (Admin), the log under /setting/messages and a customer's tab. */
export const messageApi = defineResourceClient<{ record: Message; list: MessageList }>({
  name: 'Message',
  path: '/api/messages',
  spec: MESSAGE_LIST,
  route: '/setting/messages',
});

/** A new message with the same content, sent now (201). */
export const resendMessage = (id: number) => api.post<Message>(messageApi.url(id, 'resend'), undefined);
/** A queued message is skipped, with who cancelled it. */
export const cancelMessage = (id: number) => api.post<Message>(messageApi.url(id, 'cancel'), undefined);
/** One ZNS message of an event kind's template, with sample data; the provider's answer comes back. */
export const testSendMessage = (body: MessageTestRequest) => api.post<MessageTestResult>('/api/messages/test', body);

/** The job queue's figures (as /api/health has them), read again every 15 s while shown. */
export function useQueueStatus() {
  return useQuery({
    queryKey: queryKeys.Message.queue(),
    queryFn: ({ signal }) => api.get<QueueStatus>('/api/messages/queue', undefined, { signal }),
    refetchInterval: 15_000,
    staleTime: 0,
  });
}
