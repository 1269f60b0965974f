import { z } from 'zod';

/** Every API error has this shape, `{ message, code }`. `message` is in the request's language (Accept-Language: Vietnamese
 * unless English is preferred); `code` is stable for clients. */
export const ApiError = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export { DEFAULT_MESSAGES, ERROR_CODES } from '../error-messages';
