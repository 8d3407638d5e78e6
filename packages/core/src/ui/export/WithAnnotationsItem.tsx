import type { ReactElement } from 'react';
import { MenuItemCheckbox } from '@fluentui/react-components';
import { ANNOTATIONS_CHECKBOX_NAME, ANNOTATIONS_CHECKBOX_VALUE } from './useAnnotationChoice';

/** Ours: the label of the annotation choice in the Download, Print and E-mail menus. */
export const WITH_ANNOTATIONS_TEXT = 'With annotations';

/** The "With annotations" checkbox of an export menu; its MenuList takes `useAnnotationChoice().menuListProps`. */
export function WithAnnotationsItem(): ReactElement {
  return (
    <MenuItemCheckbox name={ANNOTATIONS_CHECKBOX_NAME} value={ANNOTATIONS_CHECKBOX_VALUE}>
      {WITH_ANNOTATIONS_TEXT}
    </MenuItemCheckbox>
  );
}
