import { useQuery } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  MePatch,
  MeResponse,
  RecoveryCodesResponse,
  TwoFactorDisableBody,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '../../../shared/contracts/auth';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { getRefreshToken, saveTokens, updateStoredUser } from '../../lib/session';

/** What the customer section has beyond the customer resource (entities/customer/api.ts): the signed-in user's own profile. */

export const meKey = queryKeys.Users.me();

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: ({ signal }) => api.get<MeResponse>('/api/auth/me', undefined, { signal }) });
}

export function patchMe(body: MePatch): Promise<MeResponse> {
  return api.patch<MeResponse>('/api/auth/me', body);
}

/**
 * Changes the signed-in user's password. Every other session is revoked; this one stays signed in because its
 * refresh token goes along, and the answer's fresh tokens replace the ones the change invalidated.
 */
export async function changePassword(body: Omit<ChangePasswordBody, 'refreshToken'>): Promise<ChangePasswordResponse> {
  const res = await api.post<ChangePasswordResponse>('/api/auth/change-password', { ...body, refreshToken: getRefreshToken() });
  saveTokens(res.token, res.refreshToken);
  return res;
}

/**
 * Puts the edited profile into the stored user (user_infor), so the topbar shows the new name at once.
 * Belongs in lib/session.ts (asked for in the report); kept here, on its public pieces, until it is there.
 */
export function syncStoredUser(me: MeResponse): void {
  updateStoredUser(me);
}

/** The signed-in user's two-factor sign-in: on or off, recovery codes left, whether the office requires it. */
export const twoFactorKey = [...queryKeys.Users.me(), 'two-factor'] as const;

export function useTwoFactor() {
  return useQuery({ queryKey: twoFactorKey, queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/auth/two-factor', undefined, { signal }) });
}

export const twoFactorApi = {
  start: () => api.post<TwoFactorEnrolment>('/api/auth/two-factor/enrol', {}),
  confirm: (code: string) => api.post<RecoveryCodesResponse>('/api/auth/two-factor/confirm', { code }),
  disable: (body: TwoFactorDisableBody) => api.post<{ message: string }>('/api/auth/two-factor/disable', body),
};
