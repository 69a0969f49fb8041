import { STAFF_RULES, type StaffMember, type StaffRole, type StaffSession } from '@marketplace/contracts/staff';

/** A staff member as the staff list shows them: Layla (account 1), admin, unless `overrides` say otherwise. */
export const member = (overrides: Partial<StaffMember>): StaffMember => ({
  user_id: 1,
  name: 'Layla Haddad',
  email: 'layla@example.com',
  role: 'admin',
  second_factor: true,
  since: Date.UTC(2026, 10, 1, 12),
  ...overrides,
});

/** Layla's session at the desk as `role`, with what STAFF_RULES allows it, past the second factor. */
export const laylaAs = (role: StaffRole): StaffSession => ({
  user: { id: 1, name: 'Layla Haddad', email: 'layla@example.com' },
  role,
  actions: [...STAFF_RULES[role]],
  second_factor: 'passed',
  second_factor_until: Date.now() + 3_600_000,
});
