import type { HostThemeName } from '@datahaven/core';

/** The relative luminance (0 black – 1 white) of a `#rrggbb` colour; null for anything else. */
function luminance(colour: string | undefined): number | null {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour ?? '');
  if (match === null) return null;
  const [r, g, b] = match.slice(1).map((hex) => {
    const c = parseInt(hex, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The Fluent theme for Outlook's: dark when Outlook says so (`isDarkTheme`, newer clients) or its
 * pane background is dark; light otherwise (also when Outlook says nothing).
 */
export function themeOfOffice(theme: (Partial<Office.OfficeTheme> & { isDarkTheme?: boolean }) | undefined): HostThemeName {
  if (theme === undefined) return 'webLight';
  if (typeof theme.isDarkTheme === 'boolean') return theme.isDarkTheme ? 'webDark' : 'webLight';
  const body = luminance(theme.bodyBackgroundColor);
  return body !== null && body < 0.2 ? 'webDark' : 'webLight';
}
