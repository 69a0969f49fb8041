import { categoryTree } from '@marketplace/contracts/catalogue-essentials';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { pageLinks } from '../../../lib/paths';
import { useCategories } from '../../../lib/api/categories';

export interface CategoriesMenuListProps {
  /** 'columns': the header's mega-menu, each top-level category over its sub-categories; 'rows': the mobile sheet's. */
  variant: 'columns' | 'rows';
  onNavigate: () => void;
  /** The class of each link, so it matches the menu it sits in. */
  itemClassName: string;
}

/**
 * menu-categories: the category tree as links. The header loads this module when its menu first
 * opens, so the tree's code and data stay out of the pages that never show it.
 */
export function CategoriesMenuList({ variant, onNavigate, itemClassName }: CategoriesMenuListProps) {
  const { data: categories, isError } = useCategories();
  const { t } = useI18n();
  if (isError) return <p className="px-3 py-2 mb-0">{t('browse.categoriesFailed')}</p>;
  if (!categories) {
    return (
      <p className="px-3 py-2 mb-0" role="status">
        {t('browse.categoriesLoading')}
      </p>
    );
  }
  const tree = categoryTree(categories);
  if (variant === 'rows') {
    return (
      <ul className="list-unstyled mb-0">
        {tree.map((category) => (
          <li key={category.id}>
            <Link className={itemClassName} to={pageLinks.category(category.slug)} onClick={onNavigate}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="categories-menu-columns list-unstyled mb-0">
      {tree.map((category) => (
        <li key={category.id}>
          <Link className={`${itemClassName} fw-semibold`} to={pageLinks.category(category.slug)} onClick={onNavigate}>
            {category.name}
          </Link>
          {category.children.length > 0 && (
            <ul className="list-unstyled mb-2">
              {category.children.map((child) => (
                <li key={child.id}>
                  <Link className={itemClassName} to={pageLinks.category(child.slug)} onClick={onNavigate}>
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
