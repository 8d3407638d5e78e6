import type { ReactElement } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CalendarErrorRegular } from '@fluentui/react-icons/svg/calendar-error';
import { ClockAlarmRegular } from '@fluentui/react-icons/svg/clock-alarm';
import { CloudOffRegular } from '@fluentui/react-icons/svg/cloud-off';
import type { CellMarker } from './documentColumns';

const useStyles = makeStyles({
  marker: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  before: { marginRight: tokens.spacingHorizontalXS },
  // Foreground2: Foreground1 falls to 4.49:1 on a selected row's blue (axe color-contrast, 375 px).
  overdue: { color: tokens.colorPaletteRedForeground2 },
  discountEndsToday: { color: tokens.colorPaletteDarkOrangeForeground1 },
  stale: { color: tokens.colorNeutralForeground2 },
});

const ICONS = { overdue: CalendarErrorRegular, discountEndsToday: ClockAlarmRegular, stale: CloudOffRegular } as const;

/**
 * A row marker in a grid cell: an icon and its words (the colour only repeats them), e.g.
 * "Overdue"; `after` when it follows the cell's value (the wide grid), else it precedes it.
 */
export function DecisionMarker({ marker, after = false }: { marker: CellMarker; after?: boolean }): ReactElement {
  const styles = useStyles();
  const Icon = ICONS[marker.kind];
  return (
    <span className={mergeClasses(styles.marker, !after && styles.before, styles[marker.kind])} data-marker={marker.kind}>
      <Icon aria-hidden />
      {marker.text}
    </span>
  );
}
