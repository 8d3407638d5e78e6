/** The theme variables the viewer draws with besides Fluent's own tokens; the app's theme (ui/theme/hostThemes) gives each its value. */
export const VIEWER_THEME_VARIABLES = ['dhDocumentPaper', 'dhAnnotationNoteText'] as const;

/** One of the viewer's theme variables. */
export type ViewerThemeVariable = (typeof VIEWER_THEME_VARIABLES)[number];

/**
 * The viewer's colours as CSS custom properties, like Fluent's `tokens`: a page's paper behind
 * its image or canvas, and the text of a note annotation (black on the note, as the burn-in prints it).
 */
export const viewerTokens: Record<ViewerThemeVariable, string> = {
  dhDocumentPaper: 'var(--dhDocumentPaper)',
  dhAnnotationNoteText: 'var(--dhAnnotationNoteText)',
};
