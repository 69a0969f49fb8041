export { accountSecurity } from './account-plugin';
