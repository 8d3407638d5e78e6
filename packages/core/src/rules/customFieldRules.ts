import type { CategoryFieldDataSource, CustomField } from '../model';
import { MESSAGES } from './messages';
import { parseUserDateText } from './userDate';

/** Only ManualEntry category fields are editable (portal §3). */
export function isCategoryFieldEditable(dataSource: CategoryFieldDataSource): boolean {
  return dataSource === 'ManualEntry';
}

/** Ours: the text of a number field that is not a number. */
export const CUSTOM_NUMBER_INVALID = 'Enter a number.';

/** Ours: a value longer than its field allows. */
export function customValueTooLong(maxLength: number): string {
  return `This field is limited to ${maxLength} characters.`;
}

/**
 * Checks a value for an editable custom field and answers its stored form or the message to show:
 * required fields need a value ('This field is required!'); numbers are plain decimals; dates use
 * the strict user date formats and are stored as 'YYYY-MM-DD'; text is limited to maxLength.
 */
export function checkCustomFieldValue(
  field: Pick<CustomField, 'required' | 'valueType' | 'maxLength'>,
  value: string | null,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const text = (value ?? '').trim();
  if (text === '') return field.required ? { ok: false, message: MESSAGES.fieldRequired } : { ok: true, value: null };
  if (Array.from(text).length > field.maxLength) return { ok: false, message: customValueTooLong(field.maxLength) };
  if (field.valueType === 'number') {
    return /^-?\d{1,15}(\.\d{1,6})?$/.test(text) ? { ok: true, value: text } : { ok: false, message: CUSTOM_NUMBER_INVALID };
  }
  if (field.valueType === 'date') {
    const parsed = parseUserDateText(text);
    if (parsed.kind === 'date') return { ok: true, value: parsed.date };
    if (parsed.kind === 'blank') return field.required ? { ok: false, message: MESSAGES.fieldRequired } : { ok: true, value: null };
    return { ok: false, message: MESSAGES.reenterValidDate };
  }
  return { ok: true, value: text };
}
