import { createContext, useContext, useId, type ReactNode } from 'react';
import { FieldLabel } from '../../../components/field-label';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { RemoveChosenValue, resultsStatus, selectAriaMessages } from './select-messages';
import Select, {
  components,
  type GroupBase,
  type InputProps,
  type Props as SelectProps,
  type StylesConfig,
} from 'react-select';

/** What the input needs to know about its field, handed down past react-select. */
const FieldContext = createContext<{ describedBy: string | undefined; required: boolean }>({
  describedBy: undefined,
  required: false,
});

/** The input with the field's error tied to it; defined once so typing keeps focus across renders. */
function DescribedInput<Option, IsMulti extends boolean>(props: InputProps<Option, IsMulti, GroupBase<Option>>) {
  const { describedBy, required } = useContext(FieldContext);
  return <components.Input {...props} aria-describedby={describedBy} aria-required={required} />;
}

/** Specification §9: dropdown fields 55px high, the multi select at least 53px, the open list at most 240px. */
export const DROPDOWN_HEIGHT_PX = 55;
export const MULTISELECT_MIN_HEIGHT_PX = 53;
export const DROPDOWN_LIST_MAX_HEIGHT_PX = 240;

function selectStyles<Option, IsMulti extends boolean>(
  isMulti: boolean,
  invalid: boolean,
): StylesConfig<Option, IsMulti> {
  // Drawn in the design's tokens (docs/design.md), so the field follows the page into dark mode.
  return {
    control: (base, state) => ({
      ...base,
      minHeight: isMulti ? MULTISELECT_MIN_HEIGHT_PX : DROPDOWN_HEIGHT_PX,
      ...(isMulti ? {} : { height: DROPDOWN_HEIGHT_PX }),
      backgroundColor: 'var(--bs-body-bg)',
      borderColor: invalid
        ? 'var(--bs-form-invalid-border-color)'
        : state.isFocused
          ? 'var(--app-focus-border-color)'
          : 'var(--bs-border-color)',
      boxShadow: state.isFocused ? '0 0 0 0.25rem var(--bs-focus-ring-color)' : 'none',
    }),
    menuList: (base) => ({ ...base, maxHeight: DROPDOWN_LIST_MAX_HEIGHT_PX }),
    // The library's default grey placeholder fails contrast on white.
    placeholder: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
    singleValue: (base) => ({ ...base, color: 'var(--bs-body-color)' }),
    input: (base) => ({ ...base, color: 'var(--bs-body-color)' }),
    multiValue: (base) => ({ ...base, backgroundColor: 'var(--bs-secondary-bg)' }),
    multiValueLabel: (base) => ({ ...base, color: 'var(--bs-body-color)' }),
    menu: (base) => ({
      ...base,
      zIndex: 5,
      backgroundColor: 'var(--bs-body-bg)',
      boxShadow: 'var(--app-shadow-raised)',
    }),
    option: (base, state) => ({
      ...base,
      color: state.isSelected ? '#fff' : 'var(--bs-body-color)',
      backgroundColor: state.isSelected
        ? 'var(--bs-primary)'
        : state.isFocused
          ? 'var(--bs-secondary-bg)'
          : 'transparent',
    }),
  };
}

export interface SelectFieldProps<Option, IsMulti extends boolean> extends Omit<
  SelectProps<Option, IsMulti, GroupBase<Option>>,
  'inputId' | 'styles' | 'aria-invalid'
> {
  label: string;
  required?: boolean;
  error?: string | undefined;
  /** Buttons or hints shown beside the label. */
  actions?: ReactNode;
}

/**
 * A labelled react-select whose error is tied to its input for screen readers, speaking the page's
 * language (its screen-reader messages too) and laid out in its direction.
 */
export function SelectField<Option, IsMulti extends boolean = false>({
  label,
  required = false,
  error,
  actions,
  isMulti,
  ...selectProps
}: SelectFieldProps<Option, IsMulti>) {
  const inputId = useId();
  const { t, text, dir } = useI18n();
  const errorId = `${inputId}-error`;
  return (
    <div className="mb-3">
      <div className="d-flex align-items-center justify-content-between gap-2">
        <FieldLabel htmlFor={inputId} required={required}>
          {label}
        </FieldLabel>
        {actions}
      </div>
      <FieldContext value={{ describedBy: error ? errorId : undefined, required }}>
        <Select<Option, IsMulti>
          noOptionsMessage={() => t('select.noOptions')}
          ariaLiveMessages={selectAriaMessages<Option, IsMulti>(t)}
          screenReaderStatus={resultsStatus(t)}
          isRtl={dir === 'rtl'}
          {...selectProps}
          inputId={inputId}
          isMulti={isMulti}
          aria-invalid={error ? true : undefined}
          styles={selectStyles<Option, IsMulti>(Boolean(isMulti), Boolean(error))}
          components={{ Input: DescribedInput, MultiValueRemove: RemoveChosenValue, ...selectProps.components }}
        />
      </FieldContext>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {text(error)}
        </div>
      )}
    </div>
  );
}
