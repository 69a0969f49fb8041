import type { Category } from '@marketplace/contracts';
import { categoryPath, categoryTree } from '@marketplace/contracts/catalogue-essentials';
import { useId, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks, paths } from '../../lib/paths';
import { useCategories } from '../../lib/api/categories';
import { useCatalogueFormat } from '../../lib/format';
import { usePageTitle } from '../../hooks/use-page-title';
import './components/catalogue.css';

/** What a category page lists below its heading: app/routes/category-page.tsx passes it in (search's results). */
export interface CategoryListingsProps {
  category: Category;
  /** The page's heading, breadcrumb and sub-categories, with `count` (how many listings) beside the name. */
  header: (count: ReactNode) => ReactNode;
  /** What an empty category offers. */
  empty: ReactNode;
}

/**
 * /c/:category: where the category sits, its sub-categories, and the listings in it and below it,
 * which `Listings` shows (with filters and a sort, the address's query string holding them).
 */
export function CategoryPage({ Listings }: { Listings: ComponentType<CategoryListingsProps> }) {
  const { category: slug = '' } = useParams();
  const { data: categories, isError } = useCategories();
  const { t } = useI18n();
  const category = categories?.find((candidate) => candidate.slug === slug);
  usePageTitle(category?.name);
  if (isError) return <p role="alert">{t('browse.categoriesFailed')}</p>;
  if (!categories) return <p className="visually-hidden">{t('browse.categoriesLoading')}</p>;
  if (!category) return <NotFoundPage />;
  return (
    <Listings
      key={category.slug}
      category={category}
      header={(count) => <CategoryHeader category={category} categories={categories} count={count} />}
      empty={
        <>
          <p>{t('browse.emptyCategory')}</p>
          <Link className="btn btn-primary" to={paths.sell}>
            {t('browse.sellAnItem')}
          </Link>
        </>
      }
    />
  );
}

function CategoryHeader({
  category,
  categories,
  count,
}: {
  category: Category;
  categories: readonly Category[];
  count: ReactNode;
}) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const subcategoriesId = useId();
  const path = categoryPath(categories, category.id);
  const children = categoryTree(categories.filter((candidate) => candidate.parent_id === category.id));
  return (
    <>
      <nav aria-label={t('browse.breadcrumb')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to={paths.home}>{t('nav.home')}</Link>
          </li>
          {path.map((step) =>
            step.id === category.id ? (
              <li key={step.id} className="breadcrumb-item active" aria-current="page">
                {step.name}
              </li>
            ) : (
              <li key={step.id} className="breadcrumb-item">
                <Link to={pageLinks.category(step.slug)}>{step.name}</Link>
              </li>
            ),
          )}
        </ol>
      </nav>
      <div className="d-flex flex-wrap align-items-baseline column-gap-3 mb-3">
        <h1 className="h3 mb-0">{category.name}</h1>
        {count}
      </div>
      {children.length > 0 && (
        <section aria-labelledby={subcategoriesId} className="mb-4">
          <h2 id={subcategoriesId} className="visually-hidden">
            {t('browse.subcategories')}
          </h2>
          <ul className="category-chips">
            {children.map((child) => (
              <li key={child.id}>
                <Link className="category-chip" to={pageLinks.category(child.slug)}>
                  {child.name}
                  <span className="badge text-bg-light ms-2">{format.number(child.listing_count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
