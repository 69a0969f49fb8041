/** How each choice of alerts reads, on the save form and the saved searches page. */
export const ALERT_LABELS = {
  instant: 'savedSearches.alerts.instant',
  daily: 'savedSearches.alerts.daily',
  off: 'savedSearches.alerts.off',
} as const;
