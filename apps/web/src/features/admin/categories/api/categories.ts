import { ADMIN_CATEGORIES_ROUTES, type AdminCategory, type CategoryEdit } from '@marketplace/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api-route';

export const adminCategoriesQueryKey = ['admin', 'categories'] as const;

/** Every category with both languages' names and its own fields' labels. */
export function useAdminCategories() {
  return useQuery({
    queryKey: adminCategoriesQueryKey,
    queryFn: async (): Promise<AdminCategory[]> => (await callRoute(ADMIN_CATEGORIES_ROUTES.categories)).data,
  });
}

/**
 * Saves one category's edit. The tree is read again afterwards (siblings may have moved), and the
 * site's own copy of the categories too, so the back-office's other screens name it anew.
 */
export function useEditCategory(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CategoryEdit): Promise<AdminCategory> =>
      (await callRoute(ADMIN_CATEGORIES_ROUTES.editCategory, { params: { id }, body })).data,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCategoriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['catalogue', 'categories'] }),
      ]);
    },
  });
}
