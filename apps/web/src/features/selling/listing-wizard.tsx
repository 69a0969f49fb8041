import {
  categoryPath,
  isLeaf,
  listingProblems,
  tradeRules,
  type Category,
  type City,
  type Listing,
  type ListingPhoto,
  type User,
} from '@marketplace/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useChangeListingState } from './api/listing-changes';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { notify } from '../../lib/toasts/notify';
import { CategoryStep } from './category-step';
import { DetailsStep } from './details-step';
import { formPath, toListingValues, toWizardValues, type WizardValues } from './listing-form-values';
import { PhotoUploader } from './photo-uploader';
import { PlaceStep, PriceStep } from './price-place-steps';
import { ReviewStep } from './review-step';
import { UnsavedChangesGuard } from './unsaved-changes';
import { useListingSave } from './use-listing-save';
import { useRentNeverFree } from './use-rent-never-free';
import { SaveStatus } from './save-status';
import { previewOf, ReviewPreview, type ListingPreviewComponent } from './listing-preview';
import { VerifyToPublish } from './verify-to-publish';
import { errorAt } from './wizard-fields';
import { isWizardStep, STEP_NAMES, stepOfField, wizardSteps, type WizardStep } from './wizard-steps';
import { WizardStepper } from './wizard-stepper';

export interface ListingWizardProps {
  listing: Listing;
  categories: readonly Category[];
  cities: readonly City[];
  user: User;
  /** The product page's view, for the review step's preview (app/routes/sell-page.tsx). */
  Preview?: ListingPreviewComponent | undefined;
}

const attributesOf = (categories: readonly Category[], id: number | null) =>
  categories.find((category) => category.id === id)?.attributes ?? [];
/** How the category's listings trade (issue 32): which fields the steps ask for. */
const tradeKindOf = (categories: readonly Category[], id: number | null) =>
  categories.find((category) => category.id === id)?.trade_kind;

/** The listing wizard: one step per screen, the step in the address; a draft saves itself as it is typed. */
export function ListingWizard({ listing, categories, cities, user, Preview }: ListingWizardProps) {
  const { t, text } = useI18n();
  const navigate = useNavigate();
  const isDraft = listing.status === 'draft';
  const form = useForm<WizardValues>({ defaultValues: toWizardValues(listing) });
  const { control, getValues, setError, clearErrors, setValue, formState } = form;
  const categoryId = useWatch({ control, name: 'category_id' });
  const attributes = attributesOf(categories, categoryId);
  const tradeKind = tradeKindOf(categories, categoryId);
  const attributesRef = useRef(attributes);
  useLayoutEffect(() => {
    attributesRef.current = attributes;
  });
  const [photos, setPhotos] = useState<readonly ListingPhoto[]>(listing.photos);

  const placeErrors = (error: unknown): boolean => {
    const failure = apiError(error);
    let placed = false;
    for (const [field, messages] of Object.entries(failure?.body.errors ?? {})) {
      const message = messages[0];
      if (!message) continue;
      setError(formPath(field) as Path<WizardValues>, { type: 'server', message });
      placed = true;
    }
    return placed;
  };

  const save = useListingSave(
    listing.id,
    useMemo(() => toListingValues(toWizardValues(listing), attributesOf(categories, listing.category?.id ?? null)), []), // eslint-disable-line react-hooks/exhaustive-deps -- the baseline is the listing as loaded
    () => toListingValues(getValues(), attributesRef.current),
    {
      auto: isDraft,
      onFailure: (error) => {
        if (!placeErrors(error) && !isDraft)
          notify.error(text(apiError(error)?.body.message ?? t('shell.serverUnreachable')));
      },
    },
  );

  // Typing saves a draft after a pause; a field's server error goes once it is changed.
  const { schedule } = save;
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) {
            const field = name.startsWith('attributes.') ? name : (name.split('.')[0] ?? name);
            clearErrors(formPath(field) as Path<WizardValues>);
          }
          schedule();
        },
      }),
    [form, clearErrors, schedule],
  );

  useRentNeverFree(form, tradeRules(tradeKind).pricePeriod, schedule);

  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('step');
  // Opened without a step (from My listings), a draft resumes where it stopped: the first step with
  // something missing, else the review. Worked out once, as loaded: typing never moves the seller on.
  const [resumeAt] = useState<WizardStep>(() => {
    if (!isDraft || listing.category === null) return 'details';
    const missing = listingProblems(toListingValues(toWizardValues(listing), attributes), {
      attributes,
      categoryIsLeaf: isLeaf(categories, listing.category.id),
      accountType: user.account_type,
      photoCount: listing.photos.length,
      tradeKind: tradeKindOf(categories, listing.category.id),
    });
    const steps = new Set(
      Object.entries(missing)
        .filter((entry) => entry[1] !== undefined)
        .map(([field]) => stepOfField(field)),
    );
    return wizardSteps.find((name) => steps.has(name)) ?? 'review';
  });
  const step: WizardStep = isWizardStep(requested) ? requested : categoryId === null ? 'category' : resumeAt;
  const index = wizardSteps.indexOf(step);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const goTo = (next: WizardStep) => {
    if (isDraft) void save.flush();
    setSearchParams({ step: next });
  };

  const values = useWatch({ control }) as WizardValues;
  const problems = listingProblems(toListingValues(values, attributes), {
    attributes,
    categoryIsLeaf: categoryId === null || isLeaf(categories, categoryId),
    accountType: user.account_type,
    photoCount: photos.length,
    tradeKind,
  });
  const serverPhotoError = errorAt(formState.errors, 'photos')?.message;
  const serverCategoryError = errorAt(formState.errors, 'category_id')?.message;

  const publish = useChangeListingState();
  const [busy, setBusy] = useState(false);
  const onPublish = async () => {
    setBusy(true);
    try {
      if (!(await save.flush())) return;
      await publish.mutateAsync({ id: listing.id, transition: 'publish' });
      notify.success(t('sell.published'));
      await navigate(`${paths.myListings}?status=active`);
    } catch (error) {
      notify.error(
        placeErrors(error) ? t('api.invalid') : text(apiError(error)?.body.message ?? t('shell.serverUnreachable')),
      );
    } finally {
      setBusy(false);
    }
  };
  const onSaveChanges = async () => {
    setBusy(true);
    try {
      if (await save.flush()) notify.success(t('sell.changesSaved'));
      else notify.error(t('api.invalid'));
    } finally {
      setBusy(false);
    }
  };

  const onBlur = () => {
    if (isDraft) void save.flush();
  };

  return (
    <div className="row g-4">
      <WizardStepper step={step} onGo={goTo} />
      <section className="col-md-9" aria-labelledby="sell-step-heading">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
          <h2 id="sell-step-heading" ref={heading} tabIndex={-1} className="h4 mb-0">
            {t(STEP_NAMES[step])}
          </h2>
          {isDraft && <SaveStatus state={save.state} onRetry={() => void save.flush()} />}
        </div>
        <form noValidate onSubmit={(event) => event.preventDefault()}>
          {step === 'category' && <VerifyToPublish user={user} />}
          {step === 'category' && (
            <CategoryStep
              categories={categories}
              value={categoryId}
              error={serverCategoryError}
              onPick={(id) => {
                setValue('category_id', id, { shouldDirty: true });
                goTo('details');
              }}
            />
          )}
          {step === 'details' && (
            <>
              {categoryId !== null && (
                <p className="small text-body-secondary">
                  {categoryPath(categories, categoryId)
                    .map((category) => category.name)
                    .join(' › ')}
                </p>
              )}
              <DetailsStep form={form} attributes={attributes} onBlur={onBlur} tradeKind={tradeKind} />
            </>
          )}
          {step === 'photos' && (
            <PhotoUploader
              listingId={listing.id}
              photos={photos}
              onPhotosChange={(update) => {
                setPhotos(update);
                clearErrors('photos' as Path<WizardValues>);
              }}
              error={serverPhotoError}
            />
          )}
          {step === 'price' && (
            <PriceStep form={form} onBlur={onBlur} isCompany={user.account_type === 'company'} tradeKind={tradeKind} />
          )}
          {step === 'place' && <PlaceStep form={form} onBlur={onBlur} cities={cities} tradeKind={tradeKind} />}
          {step === 'review' && (
            <>
              {isDraft && <VerifyToPublish user={user} />}
              <ReviewStep problems={problems} attributes={attributes} />
              {Preview && (
                <ReviewPreview
                  Preview={Preview}
                  listing={previewOf(listing, toListingValues(values, attributes), { categories, cities, photos })}
                  definitions={attributes}
                />
              )}
            </>
          )}
        </form>
        <div className="d-flex flex-wrap gap-2 mt-4">
          {index > 0 && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => goTo(wizardSteps[index - 1] ?? step)}
            >
              {t('sell.back')}
            </button>
          )}
          {index < wizardSteps.length - 1 && (
            <button type="button" className="btn btn-primary" onClick={() => goTo(wizardSteps[index + 1] ?? step)}>
              {t('sell.next')}
            </button>
          )}
          {isDraft && step === 'review' && (
            <button
              type="button"
              className="btn btn-success"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void onPublish()}
            >
              {t('sell.publish')}
            </button>
          )}
          {!isDraft && (
            <button
              type="button"
              className="btn btn-success ms-auto"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void onSaveChanges()}
            >
              {t('sell.saveChanges')}
            </button>
          )}
        </div>
      </section>
      {!isDraft && <UnsavedChangesGuard hasUnsaved={save.hasUnsaved} save={save.flush} />}
    </div>
  );
}
