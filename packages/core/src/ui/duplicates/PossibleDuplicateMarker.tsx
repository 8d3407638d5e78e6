import type { KeyboardEvent, MouseEvent, ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DocumentCopyRegular } from '@fluentui/react-icons/svg/document-copy';
import { encodeDocumentId, type PossibleDuplicate } from '../../model';
import { MESSAGE_FUNCTIONS } from '../../locale/messageFunctions';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  marker: {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // A caption under the name, so "Possible duplicate of <name>" fits the name column's width.
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorPaletteDarkOrangeForeground1,
  },
  icon: { verticalAlign: 'text-bottom', marginRight: tokens.spacingHorizontalXXS },
});

/** A click or a key on the link is the link's: the row under it keeps its selection. */
function keepToLink(event: MouseEvent | KeyboardEvent): void {
  event.stopPropagation();
}

/**
 * A queue row's "Possible duplicate of <name>" (issue 35), on a line of its own under the name:
 * the first other document as a link that opens it in the viewer (keyboard: Tab reaches it, Enter
 * opens it; the row's own keys and clicks stay the row's), "and n more" after it, the reasons in
 * its tooltip. A document the caller cannot open is named so, without a link. Nothing when the
 * document is marked by no other.
 */
export function PossibleDuplicateMarker({ duplicates }: { duplicates: readonly PossibleDuplicate[] }): ReactElement | null {
  const styles = useStyles();
  if (duplicates.length === 0) return null;
  const [first, ...rest] = duplicates;
  const more = rest.length > 0 ? ` ${UI_TEXT.duplicates.andMore(rest.length)}` : '';
  const label = MESSAGE_FUNCTIONS.possibleDuplicateLabel(first);
  return (
    <span
      className={styles.marker}
      data-marker="possibleDuplicate"
      title={`${label} (${MESSAGE_FUNCTIONS.duplicateReasonsText(first.reasons)})${more}`}
    >
      <DocumentCopyRegular aria-hidden className={styles.icon} />
      {first.id !== null && first.name !== null ? (
        <>
          {label.slice(0, label.length - first.name.length)}
          <RouterLink
            to={`/viewer/${encodeDocumentId(first.id)}`}
            aria-label={UI_TEXT.duplicates.openOther(first.name)}
            onClick={keepToLink}
            onKeyDown={keepToLink}
          >
            {first.name}
          </RouterLink>
        </>
      ) : (
        label
      )}
      {more}
    </span>
  );
}
