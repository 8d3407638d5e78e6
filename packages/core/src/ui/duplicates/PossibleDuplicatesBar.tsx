import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { encodeDocumentId, type PossibleDuplicate } from '../../model';
import { MESSAGE_FUNCTIONS } from '../../locale/messageFunctions';
import { queryKeys } from '../../state/queryKeys';
import { useServices } from '../app/DatahavenServices';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  bar: { margin: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalXS}` },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** One other document: its name as a link that opens it (when the caller may), where it is, and why it matches. */
function OtherDocument({ other }: { other: PossibleDuplicate }): ReactElement {
  const why = MESSAGE_FUNCTIONS.duplicateReasonsText(other.reasons);
  if (other.id === null || other.name === null) return <li>{`${MESSAGE_FUNCTIONS.duplicateOtherText(other)} (${why})`}</li>;
  const where = MESSAGE_FUNCTIONS.duplicateOtherText(other).slice(other.name.length + 2);
  return (
    <li>
      <RouterLink to={`/viewer/${encodeDocumentId(other.id)}`} aria-label={UI_TEXT.duplicates.openOther(other.name)}>
        {other.name}
      </RouterLink>
      {`${where} (${why})`}
    </li>
  );
}

/**
 * The viewer's notice that the open document is a possible duplicate (issue 35; GET
 * /documents/{id}/duplicates): a warning bar naming each other document with a link that opens it,
 * where it is and why they match. Nothing while it loads, when there is none, or when it cannot be
 * read (the viewer's own failures are reported where they belong; the approval still judges on the
 * server).
 */
export function PossibleDuplicatesBar({ docId }: { docId: number }): ReactElement | null {
  const styles = useStyles();
  const { api } = useServices();
  const duplicates = useQuery({
    queryKey: queryKeys.documentDuplicates(docId),
    queryFn: ({ signal }) => api.documents.getPossibleDuplicates(docId, signal),
    enabled: docId !== 0,
    meta: { quiet: true },
  });
  const others = duplicates.data ?? [];
  if (others.length === 0) return null;
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.bar} aria-label={UI_TEXT.duplicates.title}>
      <MessageBarBody>
        <MessageBarTitle>{UI_TEXT.duplicates.title}</MessageBarTitle>
        <ul className={styles.list}>
          {others.map((other, index) => (
            <OtherDocument key={other.id ?? `hidden-${index}`} other={other} />
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
