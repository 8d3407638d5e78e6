import { makeStyles, tokens } from '@fluentui/react-components';

/** Layout shared by the workflow list screens: a scrolling body under the header, readable at 320 px. */
export const useWorkflowStyles = makeStyles({
  screen: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, minWidth: 0 },
  body: { flexGrow: 1, minHeight: 0, overflowY: 'auto', padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalL}` },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, marginTop: tokens.spacingVerticalM },
  sectionTitle: { padding: `0 ${tokens.spacingHorizontalM}` },
  controls: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalM}`,
  },
  search: { maxWidth: '280px', flexGrow: 1 },
  // Underlined always: in the type's heading the link sits beside plain text, and colour alone does not tell them apart (WCAG 1.4.1).
  typeLink: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'underline' },
  plainList: { listStyleType: 'none', margin: 0, padding: 0 },
  rowLink: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  empty: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
});
