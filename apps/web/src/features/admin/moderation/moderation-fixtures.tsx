import { STAFF_RULES, type ModerationTarget, type StaffRole } from '@marketplace/contracts/staff';
import type { ReactNode } from 'react';
import { StaffSessionContext } from '../api/staff-session';

/** The back-office's screens read who is at the desk from StaffDesk; a test gives them a member of `role`. */
export function AtTheDesk({ role = 'moderator', children }: { role?: StaffRole; children: ReactNode }) {
  return (
    <StaffSessionContext.Provider
      value={{
        user: { id: 900, name: 'Mona Staff', email: 'mona@example.com' },
        role,
        actions: [...STAFF_RULES[role]],
        second_factor: 'passed',
        second_factor_until: Date.UTC(2026, 10, 27),
      }}
    >
      {children}
    </StaffSessionContext.Provider>
  );
}

/** A reported listing as GET /api/admin/moderation/listing/5 answers it: live, two open reports. */
export const reportedListing = (fields: Partial<ModerationTarget> = {}): ModerationTarget => ({
  type: 'listing',
  id: 5,
  title: 'iPhone 13 <b>cheap</b>',
  path: '/items/5/iphone-13',
  state: 'active',
  moderation_reason: null,
  owner: {
    id: 7,
    name: 'Omar S.',
    email: 'omar@example.com',
    suspended: false,
    suspended_until: null,
    suspension_reason: null,
  },
  reports: [
    {
      id: 31,
      reporter: { id: 42, name: 'Layla H.' },
      reason: 'scam',
      details: 'Asks for a deposit by bank transfer <script>alert(1)</script>',
      created_at: Date.UTC(2026, 10, 25, 9, 30),
      resolved_at: null,
      outcome: null,
    },
    {
      id: 30,
      reporter: null,
      reason: 'counterfeit',
      details: null,
      created_at: Date.UTC(2026, 10, 24, 8, 0),
      resolved_at: null,
      outcome: null,
    },
  ],
  history: [],
  owner_other_reports: [{ type: 'user', id: 7, title: 'Omar S.', open_reports: 1, reports: 2 }],
  actions: ['dismiss', 'remove', 'warn', 'suspend'],
  ...fields,
});
