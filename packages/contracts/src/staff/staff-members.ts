import { z } from 'zod/mini';
import { issueMessage } from '../i18n/message';
import { ruledText } from '../rules/zod-fields';
import { STAFF_ROLES } from './staff-rules';

/** One person holding a role (GET /api/admin/staff). */
export const staffMemberSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Whether they have set up their second factor. */
  second_factor: z.boolean(),
  since: z.number(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMembersSchema = z.object({ data: z.array(staffMemberSchema) });

/** PUT /api/admin/staff/:userId: grant or change a role. */
export const grantRoleSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: () => issueMessage('admin.staff.roleInvalid') }),
});
export type GrantRole = z.input<typeof grantRoleSchema>;

/** GET /api/admin/staff/lookup?email=…: the account an admin means to grant a role to. */
export const staffLookupQuerySchema = z.object({
  email: ruledText({ label: 'admin.staff.field.email', rules: { required: true, email: true, max: 255 } }),
});
export type StaffLookupQuery = z.input<typeof staffLookupQuerySchema>;

/** The account with that address and the role it holds (null: none); 404 with a message when there is none. */
export const staffLookupSchema = z.object({
  data: z.object({
    user_id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.nullable(z.enum(STAFF_ROLES)),
  }),
});
export type StaffLookup = z.infer<typeof staffLookupSchema>['data'];
