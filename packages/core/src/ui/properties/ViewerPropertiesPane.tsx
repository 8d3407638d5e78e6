import type { ReactElement } from 'react';
import { ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons/svg/info';
import type { DmsDocument } from '../../model';
import { PropertiesPanel } from './PropertiesPanel';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  pane: {
    display: 'flex',
    flexDirection: 'column',
    flexShrink: 0,
    width: 'min(340px, 45%)',
    minHeight: 0,
    borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

/** Props of PropertiesToggleButton. */
export interface PropertiesToggleButtonProps {
  pressed: boolean;
  onToggle(pressed: boolean): void;
}

/** The viewer header's 'Properties' toggle (aria-pressed) that shows or hides the properties pane. */
export function PropertiesToggleButton({ pressed, onToggle }: PropertiesToggleButtonProps): ReactElement {
  return (
    <ToggleButton appearance="subtle" icon={<InfoRegular />} checked={pressed} onClick={() => onToggle(!pressed)}>
      {UI_TEXT.properties.properties}
    </ToggleButton>
  );
}

/** Props of ViewerPropertiesPane. */
export interface ViewerPropertiesPaneProps {
  document: DmsDocument;
  onDocumentChanged(document: DmsDocument): void;
}

/** The properties panel as a side pane beside the viewer's pages (UX.md: side content keeps its context). */
export function ViewerPropertiesPane({ document, onDocumentChanged }: ViewerPropertiesPaneProps): ReactElement {
  const styles = useStyles();
  return (
    <div className={styles.pane}>
      <PropertiesPanel document={document} onDocumentChanged={onDocumentChanged} />
    </div>
  );
}
