/** Where a category field's value comes from (portal §3 "Category field record data source"). */
export const CATEGORY_FIELD_DATA_SOURCES = ['Invalid', 'ManualEntry', 'EmailHeader'] as const;

/** One of the category field data sources. */
export type CategoryFieldDataSource = (typeof CATEGORY_FIELD_DATA_SOURCES)[number];

/** The kind of value a custom field holds; values travel as text ('YYYY-MM-DD' for dates). Ours. */
export type CustomFieldValueType = 'text' | 'number' | 'date';

/** A custom-data category that applies to a document (GET /api/documents/{id}/custom-categories). */
export interface CustomCategory {
  id: number;
  name: string;
  order: number;
}

/** A field of a custom-data category. */
export interface CustomField {
  id: number;
  categoryId: number;
  name: string;
  label: string;
  dataSource: CategoryFieldDataSource;
  valueType: CustomFieldValueType;
  order: number;
  /** Fields from the server are marked required (portal §3). */
  required: boolean;
  maxLength: number;
  /** Only ManualEntry fields are editable (portal §3). */
  editable: boolean;
}

/** A category with its fields (GET /api/documents/{id}/custom-categories/{categoryId}). */
export interface CustomCategoryDetail extends CustomCategory {
  fields: CustomField[];
}

/** One field's value on a document; null when it has none. */
export interface CustomFieldValue {
  fieldId: number;
  value: string | null;
}

/** A document's custom data (GET /api/document/{id}/custom): its categories with fields, and the values. */
export interface DocumentCustomData {
  documentId: number;
  categories: CustomCategoryDetail[];
  values: CustomFieldValue[];
}

/** Body of POST /api/document/{id}/custom: the values to store (ManualEntry fields only). */
export interface CustomDataUpdate {
  values: CustomFieldValue[];
}

/** Longest custom value accepted when a field names no smaller limit. */
export const MAX_CUSTOM_VALUE_LENGTH = 1000;
