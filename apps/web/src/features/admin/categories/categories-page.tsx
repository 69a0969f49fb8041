import type { AdminCategory } from '@marketplace/contracts/staff';
import { useState } from 'react';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { richText } from '../../../lib/i18n/rich-text';
import { useAdminCategories } from './api/categories';
import { CategoryEditForm } from './category-edit-form';
import { NamedControl } from '../user-text';
import './categories.css';

interface Node {
  category: AdminCategory;
  children: Node[];
}

function treeOf(categories: readonly AdminCategory[]): Node[] {
  const nodes = new Map(categories.map((category) => [category.id, { category, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.category.parent_id === null ? undefined : nodes.get(node.category.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: Node[]) => {
    list.sort((a, b) => a.category.position - b.category.position || a.category.id - b.category.id);
    list.forEach((node) => sort(node.children));
  };
  sort(roots);
  return roots;
}

/**
 * /admin/categories (issue 29): the tree as the site shows it, each category with both names; Edit
 * opens its form in place (names, parent, place among its siblings, its fields' labels). The public
 * pages show a saved edit at once.
 */
export function CategoriesPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.categories.title'));
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<number>();

  return (
    <section aria-labelledby="categories-title">
      <h1 id="categories-title" className="h3 mb-1">
        {t('admin.categories.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.categories.intro')}</p>
      {categories.isError ? (
        <LoadFailed message={t('admin.categories.loadFailed')} onRetry={() => void categories.refetch()} />
      ) : categories.isPending ? (
        <Loading />
      ) : (
        <CategoryList
          nodes={treeOf(categories.data)}
          all={categories.data}
          editing={editing}
          onEdit={setEditing}
          label={t('admin.categories.treeLabel')}
        />
      )}
    </section>
  );
}

function CategoryList({
  nodes,
  all,
  editing,
  onEdit,
  label,
}: {
  nodes: Node[];
  all: readonly AdminCategory[];
  editing: number | undefined;
  onEdit: (id: number | undefined) => void;
  label?: string;
}) {
  const { t } = useI18n();
  return (
    <ul className="staff-category-tree" aria-label={label}>
      {nodes.map(({ category, children }) => (
        <li key={category.id}>
          <div className="staff-category-row">
            <div className="flex-grow-1 min-w-0">
              <span className="fw-semibold" lang="en" dir="ltr">
                {category.name}
              </span>
              {' · '}
              <span lang="ar" dir="rtl">
                {category.name_ar}
              </span>
              <div className="small text-body-secondary">
                <bdi dir="ltr" lang="en">
                  {category.slug}
                </bdi>
                {' · '}
                {t('admin.categories.activeListings', { count: category.active_listings })}
                {category.attributes.length > 0 &&
                  ` · ${t('admin.categories.fieldCount', { count: category.attributes.length })}`}
              </div>
            </div>
            {editing !== category.id && (
              <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => onEdit(category.id)}>
                {/* Its name for screen readers: the category's English name, read as English. */}
                <NamedControl
                  name={richText(t, 'admin.categories.editNamed', { name: <span lang="en">{category.name}</span> })}
                >
                  {t('admin.categories.edit')}
                </NamedControl>
              </button>
            )}
          </div>
          {editing === category.id && (
            <CategoryEditForm category={category} categories={all} onDone={() => onEdit(undefined)} />
          )}
          {children.length > 0 && <CategoryList nodes={children} all={all} editing={editing} onEdit={onEdit} />}
        </li>
      ))}
    </ul>
  );
}
