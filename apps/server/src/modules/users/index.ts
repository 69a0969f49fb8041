export { accountForStaff } from './account-for-staff';
export { publicName } from './public-name';
export {
  UsersRepository,
  eraseUser,
  markEmailVerified,
  saveCompany,
  saveIdentity,
  toUser,
  userColumns,
} from './users-repository';
export type { UserRowWithCompany } from './users-repository';
export { requireVerifiedEmail } from './verified-email';
export { users } from './suspensions';
