import type { Category } from './categories';

/** The categories as a tree, children in their order, from the flat list the API gives. */
export interface CategoryNode extends Category {
  children: CategoryNode[];
}

export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(
    categories.map((category) => [category.id, { ...category, children: [] }]),
  );
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const byPosition = (a: CategoryNode, b: CategoryNode) => a.position - b.position || a.id - b.id;
  const sort = (list: CategoryNode[]) => {
    list.sort(byPosition);
    list.forEach((node) => sort(node.children));
  };
  sort(roots);
  return roots;
}

/** The category and its ancestors, root first: a breadcrumb. */
export function categoryPath(categories: readonly Category[], id: number): Category[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const path: Category[] = [];
  for (
    let current = byId.get(id);
    current;
    current = current.parent_id === null ? undefined : byId.get(current.parent_id)
  ) {
    path.unshift(current);
    if (path.length > 10) break; // a cycle would be a data error; never loop forever
  }
  return path;
}

export const isLeaf = (categories: readonly Category[], id: number): boolean =>
  !categories.some((category) => category.parent_id === id);
