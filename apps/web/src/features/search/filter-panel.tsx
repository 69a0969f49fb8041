import { useEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';

/**
 * The filters: a column beside the results on wide screens; below 600 px a full-screen sheet
 * (a modal dialog) opened by the Filters button, closed by its button, Escape or "Show N listings".
 */
export interface FilterPanelProps {
  id: string;
  headingId: string;
  open: boolean;
  sheet: boolean;
  total: number | undefined;
  onClose: () => void;
  children: ReactNode;
}

export function FilterPanel({ id, headingId, open, sheet, total, onClose, children }: FilterPanelProps) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const modal = sheet && open;
  useEffect(() => {
    if (!modal) return;
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('search-sheet-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('search-sheet-open');
    };
  }, [modal, onClose]);
  return (
    <section
      id={id}
      className={`search-panel${open ? ' is-open' : ''}`}
      aria-labelledby={headingId}
      {...(modal && { role: 'dialog', 'aria-modal': true })}
    >
      <div className="search-panel-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h5 mb-0">
          {t('search.filters')}
        </h2>
        {sheet && (
          <button type="button" className="btn-close" aria-label={t('search.closeFilters')} onClick={onClose} />
        )}
      </div>
      {children}
      {sheet && (
        <div className="search-panel-footer">
          <button type="button" className="btn btn-primary w-100" onClick={onClose}>
            {t('search.showResults', { count: total ?? 0 })}
          </button>
        </div>
      )}
    </section>
  );
}
