export { auditActor, recordAudit } from './audit';
export type { AuditActor, AuditEntry } from './audit';
export { resetSecondFactor } from './second-factor';
export { staffDesk } from './staff-plugin';
export type { StaffDesk } from './staff-plugin';
export type { StaffAtDesk } from './staff-guard';
export { StaffRepository } from './staff-repository';
export { staffRoutes } from './routes';
export { staffTestHookRoutes } from './test-hook-routes';
