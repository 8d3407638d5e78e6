import { makeStyles, tokens } from '@fluentui/react-components';

/** The layout the metadata screens share: a column with a header, a scrolling table and a footer. */
export const useMetadataStyles = makeStyles({
  screen: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: 0,
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  scroll: { flexGrow: 1, minHeight: 0, overflow: 'auto' },
  table: { borderCollapse: 'collapse', width: '100%' },
  caption: { textAlign: 'start', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalXS} 0` },
  cell: {
    textAlign: 'start',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});
