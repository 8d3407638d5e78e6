import type { HostThemeName } from '@datahaven/core';

/** The theme names Teams reports (`app.theme`, theme change events) and the tab exposes as `data-theme`. */
export type TeamsThemeAttribute = 'default' | 'dark' | 'contrast';

/** Teams' theme (HOSTS.md: default / dark / contrast) as the core's Fluent theme; anything unknown is the default. */
export function hostThemeForTeams(theme: string | undefined): HostThemeName {
  if (theme === 'dark') return 'teamsDark';
  if (theme === 'contrast') return 'teamsHighContrast';
  return 'teamsLight';
}

/** The `data-theme` value on the tab's root for a core theme (the contract's names, for tests and the simulator). */
export function teamsThemeAttribute(theme: HostThemeName): TeamsThemeAttribute {
  if (theme === 'teamsDark' || theme === 'webDark') return 'dark';
  if (theme === 'teamsHighContrast') return 'contrast';
  return 'default';
}
