// Placeholder until this screen is built (issue 29); replaced by its own module.
export function DashboardPage() {
  return null;
}
