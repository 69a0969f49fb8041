export { accountSecurity } from './account-plugin';
export { queueVerificationLinkIn } from './email-verification';
export { describeUserAgent } from './user-agent';
