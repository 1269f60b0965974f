import type { TFunction } from 'i18next';
import { UNKNOWN_ERROR_MESSAGE } from '../../lib/api-client';

/**
 * A message from the auth state or the server, as shown on screen. Server messages arrive in the UI language (the
 * client sends Accept-Language) and are shown as they are; the client's own "Lỗi không xác định" gets
 * its rendering here.
 */
export function displayError(t: TFunction<'auth'>, message: string): string {
  return message === UNKNOWN_ERROR_MESSAGE ? t('errors.unknown') : message;
}
