import { lazy, Suspense } from 'react';
import { useI18n } from '../lib/i18n/i18n-store';
import { useDisclosure } from './use-disclosure';

const loadList = () => import('../features/catalogue/components/categories-menu-list');
/** The list's code (and the catalogue's schemas) load when the menu is first wanted, not with every page. */
export const CategoriesMenuList = lazy(() => loadList().then((module) => ({ default: module.CategoriesMenuList })));
/** Pointing at or focusing the button starts the download, so the menu is usually ready when it opens. */
export const preloadCategoriesMenu = () => void loadList().catch(() => undefined);

/** The header's Categories button (wide screens): a disclosure over a mega-menu of the category tree. */
export function CategoriesMenu() {
  const { open, toggle, close, rootProps, buttonProps, panelProps } = useDisclosure<HTMLDivElement>();
  const { t } = useI18n();
  return (
    <div className="dropdown categories-menu" {...rootProps}>
      <button
        type="button"
        className="btn categories-menu-button"
        onClick={toggle}
        onPointerEnter={preloadCategoriesMenu}
        onFocus={preloadCategoriesMenu}
        {...buttonProps}
      >
        {t('browse.categories')} <span className="dropdown-toggle" aria-hidden="true" />
      </button>
      <div
        className={`dropdown-menu categories-menu-panel${open ? ' show' : ''}`}
        data-bs-popper="static"
        {...panelProps}
      >
        {open && (
          <nav aria-label={t('browse.categories')}>
            <Suspense fallback={<p className="px-3 py-2 mb-0">{t('browse.categoriesLoading')}</p>}>
              <CategoriesMenuList variant="columns" itemClassName="dropdown-item" onNavigate={() => close()} />
            </Suspense>
          </nav>
        )}
      </div>
    </div>
  );
}
