import { MESSAGES } from './messages';
import { CUSTOM_NUMBER_INVALID, checkCustomFieldValue, customValueTooLong, isCategoryFieldEditable } from './customFieldRules';

describe('isCategoryFieldEditable', () => {
  it('only ManualEntry fields are editable', () => {
    expect(isCategoryFieldEditable('ManualEntry')).toBe(true);
    expect(isCategoryFieldEditable('EmailHeader')).toBe(false);
    expect(isCategoryFieldEditable('Invalid')).toBe(false);
  });
});

describe('checkCustomFieldValue', () => {
  const text = { required: true, valueType: 'text' as const, maxLength: 5 };
  it('needs a value in a required field', () => {
    expect(checkCustomFieldValue(text, '  ')).toEqual({ ok: false, message: MESSAGES.fieldRequired });
    expect(checkCustomFieldValue({ ...text, required: false }, null)).toEqual({ ok: true, value: null });
  });

  it('limits text to the field length and trims it', () => {
    expect(checkCustomFieldValue(text, ' abcde ')).toEqual({ ok: true, value: 'abcde' });
    expect(checkCustomFieldValue(text, 'abcdef')).toEqual({ ok: false, message: customValueTooLong(5) });
  });

  it('reads numbers as plain decimals and dates strictly', () => {
    expect(checkCustomFieldValue({ ...text, valueType: 'number', maxLength: 20 }, '-12.50')).toEqual({ ok: true, value: '-12.50' });
    expect(checkCustomFieldValue({ ...text, valueType: 'number' }, '1e5')).toEqual({ ok: false, message: CUSTOM_NUMBER_INVALID });
    const date = { required: true, valueType: 'date' as const, maxLength: 10 };
    expect(checkCustomFieldValue(date, '05/30/2025')).toEqual({ ok: true, value: '2025-05-30' });
    expect(checkCustomFieldValue(date, '30/05/2025')).toEqual({ ok: false, message: MESSAGES.reenterValidDate });
  });
});
