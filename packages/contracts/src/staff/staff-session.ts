import { z } from 'zod/mini';
import { ruledText } from '../rules/zod-fields';
import { STAFF_ACTIONS, STAFF_ROLES } from './staff-rules';

/**
 * Where a staff session stands with its second factor: none set up yet (the QR code comes next),
 * set up but not passed in the last 12 hours, or passed.
 */
export const secondFactorStates = ['setup_required', 'required', 'passed'] as const;
export type SecondFactorState = (typeof secondFactorStates)[number];

/** GET /api/admin/session: who is at the desk, with which role, and what they may do. */
export const staffSessionSchema = z.object({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  role: z.enum(STAFF_ROLES),
  actions: z.array(z.enum(STAFF_ACTIONS)),
  second_factor: z.enum(secondFactorStates),
  /** When the passed second factor stops counting (ms since 1970); null until it is passed. */
  second_factor_until: z.nullable(z.number()),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** POST /api/admin/second-factor/setup: a new secret to scan (the previous unconfirmed one is dropped). */
export const secondFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_uri: z.string(),
  /** The QR code as an SVG image (drawn on the server; the page ships no QR library). */
  qr_svg: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

/** A code from the authenticator app (6 digits) or one recovery code. */
export const secondFactorCodeSchema = z.object({
  code: ruledText({ label: 'admin.field.code', rules: { required: true, max: 32 } }),
});
export type SecondFactorCode = z.input<typeof secondFactorCodeSchema>;

/** POST /api/admin/second-factor/confirm: the recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
