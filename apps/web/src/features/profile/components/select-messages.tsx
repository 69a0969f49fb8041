import type { Translator } from '@marketplace/contracts/i18n';
import { components, type AriaLiveMessages, type GroupBase, type MultiValueRemoveProps } from 'react-select';
import { useI18n } from '../../../lib/i18n/i18n-store';

/**
 * What react-select tells screen readers, in the page's language: its own messages are English
 * only. Kept to what our selects use (no disabled options, no value focus by arrow keys).
 */
export function selectAriaMessages<Option, IsMulti extends boolean>(
  t: Translator['t'],
): AriaLiveMessages<Option, IsMulti, GroupBase<Option>> {
  return {
    guidance: ({ context, isInitialFocus, 'aria-label': label }) => {
      if (context === 'menu') return t('select.guidanceMenu');
      return context === 'input' && isInitialFocus && label ? t('select.guidanceInput', { label }) : '';
    },
    onChange: ({ action, label, labels }) => {
      if (action === 'clear') return t('select.cleared');
      if (action === 'select-option') return t('select.selected', { label });
      if (action === 'initial-input-focus') return t('select.selected', { label: labels.join('، ') });
      return ['deselect-option', 'pop-value', 'remove-value'].includes(action) ? t('select.deselected', { label }) : '';
    },
    onFocus: ({ context, focused, options, label }) =>
      context === 'menu'
        ? t('select.focused', { label, position: options.indexOf(focused) + 1, count: options.length })
        : '',
    onFilter: ({ inputValue, resultsMessage }) => (inputValue ? resultsMessage : ''),
  };
}

/** How many options match, for the filter message above (react-select's screenReaderStatus). */
export const resultsStatus =
  (t: Translator['t']) =>
  ({ count, inputValue }: { count: number; inputValue?: string }) =>
    t('select.results', { count, search: inputValue ?? '' });

/** A chosen value's remove button, named "Remove Dubai Marina" in the page's language. */
export function RemoveChosenValue<Option>(props: MultiValueRemoveProps<Option, boolean, GroupBase<Option>>) {
  const { t } = useI18n();
  const label = props.selectProps.getOptionLabel(props.data);
  return (
    <components.MultiValueRemove
      {...props}
      innerProps={{ ...props.innerProps, 'aria-label': t('select.remove', { label }) }}
    />
  );
}
