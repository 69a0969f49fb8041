import { categoryTree } from '@marketplace/contracts/catalogue-essentials';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { pageLinks } from '../../../lib/paths';
import { useCategories } from '../../../lib/api/categories';
import { CategoryIcon } from './category-icon';
import './catalogue.css';

/** The top-level categories as tiles, each with its drawing and how many listings it holds. */
export function CategoryTiles() {
  const { data: categories, isError } = useCategories();
  const { t } = useI18n();
  if (isError) return <p className="text-body-secondary">{t('browse.categoriesFailed')}</p>;
  if (!categories) {
    return (
      <ul className="category-tiles placeholder-glow" aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index}>
            <span className="category-tile placeholder w-100" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="category-tiles">
      {categoryTree(categories).map((category) => (
        <li key={category.id}>
          <Link className="category-tile" to={pageLinks.category(category.slug)}>
            <CategoryIcon name={category.icon} className="category-tile-icon" />
            <span>
              <span className="category-tile-name">{category.name}</span>
              <span className="category-tile-count">{t('browse.listingCount', { count: category.listing_count })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
