import type { TFunction } from 'i18next';
import { UNKNOWN_ERROR_MESSAGE } from '../../lib/api-client';

/**
 * A message from the auth state or the server, as shown on screen. Server messages are Vietnamese and are shown
 * as they are (SPEC §8); only the client's own "Lỗi không xác định" has an English rendering.
 */
export function displayError(t: TFunction<'auth'>, message: string): string {
  return message === UNKNOWN_ERROR_MESSAGE ? t('errors.unknown') : message;
}
