/**
 * Who must sign in with a second factor (a TOTP code). The office sets it in the `settings` table (kind `security`,
 * key `two_factor_required`, effective-dated like every setting):
 * - `off`: only users who enrolled themselves are asked for a code;
 * - `admins`: every Admin account must have it (administrative access);
 * - `all`: every account must have it.
 * A user who must have it and has not enrolled is made to enrol at sign-in, before any session is given, so switching
 * it on never locks anyone out. Administrative access takes a second factor unless the office decides otherwise
 * (OWASP ASVS level 2): a missing or unusable row means `admins`, and the start-up writes that row where it is
 * missing so Settings shows it; the demo data writes `off`. Zod-free, so the web's entry chunk can read it.
 */
export const TWO_FACTOR_SETTING = { kind: 'security', key: 'two_factor_required' } as const;

export const TWO_FACTOR_POLICIES = ['off', 'admins', 'all'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** The policy of a database whose office has not chosen one. */
export const TWO_FACTOR_DEFAULT_POLICY: TwoFactorPolicy = 'admins';

export function twoFactorPolicyFrom(value: unknown): TwoFactorPolicy {
  return typeof value === 'string' && (TWO_FACTOR_POLICIES as readonly string[]).includes(value) ? (value as TwoFactorPolicy) : TWO_FACTOR_DEFAULT_POLICY;
}

/** Whether a role must sign in with a second factor under the policy. */
export function twoFactorRequiredFor(policy: TwoFactorPolicy, role: string): boolean {
  return policy === 'all' || (policy === 'admins' && role === 'Admin');
}

/** Recovery codes handed out at enrolment: each signs in once in place of a code. */
export const RECOVERY_CODE_COUNT = 10;
