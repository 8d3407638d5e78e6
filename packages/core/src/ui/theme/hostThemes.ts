import {
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  webDarkTheme,
  webLightTheme,
  type Theme,
} from '@fluentui/react-components';
import type { HostThemeName } from '../../host';
import type { ViewerThemeVariable } from '../../viewer/viewerTokens';

/** A Fluent theme plus the viewer's own variables: the app's whole palette, the one place core names colours. */
export type DatahavenTheme = Theme & Record<ViewerThemeVariable, string>;

/** Documents are paper: white in every theme, so scans and transparent images read as printed. Note text is black on the note, as the burn-in prints it. */
const DOCUMENT_COLORS: Record<ViewerThemeVariable, string> = { dhDocumentPaper: '#ffffff', dhAnnotationNoteText: '#000000' };

/** Each host theme name as the Fluent v9 theme it stands for (HOSTS.md: Teams default / dark / contrast). */
export const HOST_THEMES: Record<HostThemeName, DatahavenTheme> = {
  webLight: { ...webLightTheme, ...DOCUMENT_COLORS },
  webDark: { ...webDarkTheme, ...DOCUMENT_COLORS },
  teamsLight: { ...teamsLightTheme, ...DOCUMENT_COLORS },
  teamsDark: { ...teamsDarkTheme, ...DOCUMENT_COLORS },
  teamsHighContrast: { ...teamsHighContrastTheme, ...DOCUMENT_COLORS },
};
