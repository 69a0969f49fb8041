import type { MessageKey } from '@marketplace/contracts/i18n';
import { SUPPORT_STATE_NAMES, supportStates } from '@marketplace/contracts/support-essentials';

/** The queue's tabs: the open tickets, then each state. */
export const QUEUE_TABS: readonly { state: string; label: MessageKey }[] = [
  { state: 'open', label: 'admin.support.state.open' },
  ...supportStates.map((state) => ({ state, label: SUPPORT_STATE_NAMES[state] })),
];

export const ASSIGNEE_FILTERS: readonly { value: string; label: MessageKey }[] = [
  { value: '', label: 'admin.support.assignee.any' },
  { value: 'me', label: 'admin.support.assignee.me' },
  { value: 'nobody', label: 'admin.support.assignee.nobody' },
];
