import { ADMIN_USER_LISTS, type AdminUser, type AdminUserList } from '@marketplace/contracts/staff';
import { accountForStaff } from '../users';
import { msOrNull, suspensionOf } from './people';
import { readUserList, type UserListSources } from './user-lists';

/**
 * One person's page for staff (issue 29), read across the modules' tables (decision 029 leaves reads
 * open): profile and role, and the first page of each of their lists (user-lists.ts: listings, orders
 * on either side, reports of their conversations, reports they made and against them, live
 * sessions); GET /api/admin/users/:id/:list brings the next pages. Undefined for an id nobody has.
 */
export async function readUser(sources: UserListSources, userId: number): Promise<AdminUser | undefined> {
  const profile = await accountForStaff(sources.db)
    .select(['users.created_at', 'users.email_verified_at', 'users.locale', 'companies.web as company_web'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!profile) return undefined;

  const pages = await Promise.all(ADMIN_USER_LISTS.map((list) => readUserList(sources, userId, list)));
  const lists = Object.fromEntries(ADMIN_USER_LISTS.map((list, index) => [list, pages[index]])) as {
    [L in AdminUserList]: AdminUser[L];
  };
  return {
    profile: {
      id: profile.id,
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      account_type: profile.account_type,
      company: profile.company_name === null ? null : { name: profile.company_name, web: profile.company_web },
      joined_at: profile.created_at.getTime(),
      verified_at: msOrNull(profile.email_verified_at),
      locale: profile.locale,
      deleted_at: msOrNull(profile.deleted_at),
      suspension: suspensionOf(profile),
      role: profile.role,
    },
    ...lists,
  };
}
