import { zodResolver } from '@hookform/resolvers/zod';
import { tradeKinds } from '@marketplace/contracts/catalogue-essentials';
import {
  CATEGORY_EDIT_LIMITS,
  categoryEditSchema,
  TRADE_KIND_NAMES,
  type AdminCategory,
  type CategoryEdit,
  type CategoryEditValues,
} from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldError, type Path } from 'react-hook-form';
import { TextField } from '../../../components/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { LanguagePair } from '../language-pair';
import { useEditCategory } from './api/categories';
import { CategorySelect } from './category-select';

const ATTRIBUTE_TYPE_NAMES: Readonly<Record<AdminCategory['attributes'][number]['type'], MessageKey>> = {
  enum: 'admin.categories.type.enum',
  number: 'admin.categories.type.number',
  text: 'admin.categories.type.text',
  boolean: 'admin.categories.type.boolean',
};

/** The categories under `id` (itself included): none of them can become its parent. */
export function branchOf(categories: readonly AdminCategory[], id: number): Set<number> {
  const branch = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const category of categories) {
      if (category.parent_id !== null && branch.has(category.parent_id) && !branch.has(category.id)) {
        branch.add(category.id);
        grew = true;
      }
    }
  }
  return branch;
}

const siblingsOf = (categories: readonly AdminCategory[], parentId: number | null, except?: number) =>
  categories
    .filter((category) => category.parent_id === parentId && category.id !== except)
    .sort((a, b) => a.position - b.position || a.id - b.id);

/** A category's path of names from the top, in the reader's language: "Electronics › Mobile phones". */
function pathName(categories: readonly AdminCategory[], category: AdminCategory, arabic: boolean): string {
  const byId = new Map(categories.map((candidate) => [candidate.id, candidate]));
  const names: string[] = [];
  for (let at: AdminCategory | undefined = category; at && names.length < 10;) {
    names.unshift(arabic ? at.name_ar : at.name);
    at = at.parent_id === null ? undefined : byId.get(at.parent_id);
  }
  return names.join(' › ');
}

/**
 * One category's edit: names in both languages, its parent and its place among that parent's
 * categories, and the labels of its own fields and their choices. The contract's rules run as the
 * form is sent (the same as the server's), each message under its field; what only the server can
 * tell (a parent the category cannot go under) comes back under the parent field.
 */
export function CategoryEditForm({
  category,
  categories,
  onDone,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  onDone: () => void;
}) {
  const { t, text, locale } = useI18n();
  const id = useId();
  const save = useEditCategory(category.id);
  const [formError, setFormError] = useState<string>();
  const place = siblingsOf(categories, category.parent_id).findIndex((sibling) => sibling.id === category.id) + 1;
  const defaults: CategoryEdit = {
    name: category.name,
    name_ar: category.name_ar,
    parent_id: category.parent_id,
    position: place,
    trade_kind: category.trade_kind,
    attributes: category.attributes.map((attribute) => ({
      key: attribute.key,
      label: attribute.label,
      label_ar: attribute.label_ar,
      options: attribute.options.map((option) => ({ ...option })),
    })),
  };
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<CategoryEdit, unknown, CategoryEditValues>({
    resolver: zodResolver(categoryEditSchema),
    defaultValues: defaults,
  });
  const branch = branchOf(categories, category.id);
  const parents = categories
    .filter((candidate) => !branch.has(candidate.id))
    .map((candidate) => ({ id: candidate.id, name: pathName(categories, candidate, locale === 'ar') }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const parentId = useWatch({ control, name: 'parent_id' });
  const siblingCount = siblingsOf(categories, parentId ?? null, category.id).length + 1;
  const fieldPaths: Path<CategoryEdit>[] = [
    'name',
    'name_ar',
    'parent_id',
    'position',
    'trade_kind',
    ...category.attributes.flatMap((attribute, index) => [
      `attributes.${index}.key` as const,
      `attributes.${index}.label` as const,
      `attributes.${index}.label_ar` as const,
      ...attribute.options.flatMap((_, optionIndex) => [
        `attributes.${index}.options.${optionIndex}.value` as const,
        `attributes.${index}.options.${optionIndex}.label` as const,
        `attributes.${index}.options.${optionIndex}.label_ar` as const,
      ]),
    ]),
  ];

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(values);
      notify.success(t('admin.categories.saved', { name: locale === 'ar' ? values.name_ar : values.name }));
      onDone();
    } catch (error) {
      const failure = apiError(error);
      // A parent the category cannot go under: the server says why, under the parent field.
      if (failure?.status === 409)
        setError('parent_id', { type: 'server', message: failure.body.message }, { shouldFocus: true });
      else setFormError(applyServerErrors(error, setError, fieldPaths));
    }
  });

  const attributeError = (index: number, name: 'label' | 'label_ar'): FieldError | undefined =>
    errors.attributes?.[index]?.[name];
  const optionError = (index: number, optionIndex: number, name: 'label' | 'label_ar'): FieldError | undefined =>
    errors.attributes?.[index]?.options?.[optionIndex]?.[name];

  return (
    <form
      className="staff-category-form card card-body mt-2"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="h6">
        {t('admin.categories.editTitle', { name: locale === 'ar' ? category.name_ar : category.name })}
      </h3>
      {formError && (
        <div className="alert alert-danger" role="alert">
          {text(formError)}
        </div>
      )}
      <div className="row g-2">
        <LanguagePair
          columnClassName="col-12 col-md-6"
          labels={[t('admin.field.categoryName'), t('admin.field.categoryNameAr')]}
          maxLength={CATEGORY_EDIT_LIMITS.nameMax}
          registrations={[register('name'), register('name_ar')]}
          errors={[errors.name, errors.name_ar]}
        />
        <div className="col-12 col-md-8">
          <CategorySelect
            label={t('admin.categories.parent')}
            none={t('admin.categories.noParent')}
            options={parents.map((parent) => ({ value: String(parent.id), name: parent.name }))}
            registration={register('parent_id', {
              setValueAs: (value: string) => (value === '' ? null : Number(value)),
            })}
            error={errors.parent_id}
          />
        </div>
        <div className="col-12 col-md-4">
          <TextField
            label={t('admin.field.position')}
            type="number"
            inputMode="numeric"
            min={1}
            max={siblingCount}
            required
            hint={t('admin.categories.positionHint', { count: siblingCount })}
            registration={register('position', { valueAsNumber: true })}
            error={errors.position}
          />
        </div>
        <div className="col-12">
          <CategorySelect
            label={t('admin.categories.tradeKind')}
            options={tradeKinds.map((kind) => ({ value: kind, name: t(TRADE_KIND_NAMES[kind]) }))}
            registration={register('trade_kind')}
            error={errors.trade_kind}
          />
        </div>
      </div>
      {category.attributes.length > 0 && (
        <>
          <h4 className="h6 mt-2">{t('admin.categories.fieldsTitle')}</h4>
          <p className="small text-body-secondary">{t('admin.categories.fieldsIntro')}</p>
        </>
      )}
      {category.attributes.map((attribute, index) => (
        <fieldset key={attribute.key} className="staff-category-attribute border rounded p-2 mb-2">
          <legend className="float-none w-auto px-1 fs-6">
            <bdi dir="ltr" lang="en">
              <code>{attribute.key}</code>
            </bdi>{' '}
            <span className="small text-body-secondary">{t(ATTRIBUTE_TYPE_NAMES[attribute.type])}</span>
          </legend>
          <div className="row g-2">
            <LanguagePair
              columnClassName="col-12 col-md-6"
              labels={[t('admin.field.labelEn'), t('admin.field.labelAr')]}
              maxLength={CATEGORY_EDIT_LIMITS.labelMax}
              registrations={[register(`attributes.${index}.label`), register(`attributes.${index}.label_ar`)]}
              errors={[attributeError(index, 'label'), attributeError(index, 'label_ar')]}
            />
          </div>
          {attribute.options.length > 0 && (
            // Opened by itself when one of its choices is in error, so the message is seen.
            <details className="mt-1" open={errors.attributes?.[index]?.options ? true : undefined}>
              <summary>{t('admin.categories.choices', { count: attribute.options.length })}</summary>
              {attribute.options.map((option, optionIndex) => (
                <div key={option.value} className="row g-2 mt-1">
                  <LanguagePair
                    columnClassName="col-12 col-md-6"
                    labels={[
                      t('admin.categories.choiceLabelEn', { value: option.value }),
                      t('admin.categories.choiceLabelAr', { value: option.value }),
                    ]}
                    maxLength={CATEGORY_EDIT_LIMITS.labelMax}
                    registrations={[
                      register(`attributes.${index}.options.${optionIndex}.label`),
                      register(`attributes.${index}.options.${optionIndex}.label_ar`),
                    ]}
                    errors={[optionError(index, optionIndex, 'label'), optionError(index, optionIndex, 'label_ar')]}
                  />
                </div>
              ))}
            </details>
          )}
        </fieldset>
      ))}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={save.isPending}
          aria-busy={save.isPending || undefined}
        >
          {t('admin.categories.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}>
          {t('admin.categories.cancel')}
        </button>
      </div>
    </form>
  );
}
