import type { ReactElement } from 'react';
import { MenuItemCheckbox } from '@fluentui/react-components';
import { ANNOTATIONS_CHECKBOX_NAME, ANNOTATIONS_CHECKBOX_VALUE } from './useAnnotationChoice';
import { UI_TEXT } from '../../locale/uiText';

/** The "With annotations" checkbox of an export menu; its Menu takes `useAnnotationChoice().menuProps`. */
export function WithAnnotationsItem(): ReactElement {
  return (
    <MenuItemCheckbox name={ANNOTATIONS_CHECKBOX_NAME} value={ANNOTATIONS_CHECKBOX_VALUE}>
      {UI_TEXT.export.withAnnotations}
    </MenuItemCheckbox>
  );
}
