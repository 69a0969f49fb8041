/** Stands in for a page while its code arrives; the spinner shows only if that takes a moment. */
export function PageLoading() {
  return (
    <div className="page-loading text-center py-5" role="status">
      <span className="spinner-border text-secondary" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
