import type { ReactElement } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DmsDocument } from '../../../model';
import { UI_TEXT } from '../../../locale/uiText';
import { PossibleDuplicateMarker } from '../../duplicates/PossibleDuplicateMarker';
import { useLocaleFormats } from '../../locale/useLocaleFormats';
import { DecisionMarker } from '../queueDocuments/DecisionMarker';
import { cellMarkers, cellText } from '../queueDocuments/documentColumns';

const useStyles = makeStyles({
  block: {
    flexShrink: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  amount: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
});

/**
 * What an approver decides on, over the document on a phone (issue 38): the amount, the vendor
 * and the due date (with "Overdue" in words) from the row's decision data, and "Possible duplicate
 * of …" under them, so none of it waits below the fold or behind a scroll of the list. Fields the
 * document does not have are left out.
 */
export function PhoneDocumentFacts({ document }: { document: DmsDocument }): ReactElement {
  const styles = useStyles();
  const formats = useLocaleFormats();
  const rows = (
    [
      ['amount', UI_TEXT.phone.amount],
      ['vendor', UI_TEXT.phone.vendor],
      ['dueDate', UI_TEXT.phone.dueDate],
    ] as const
  )
    .map(([field, term]) => ({ field, term, text: cellText(document, field, formats), markers: cellMarkers(document, field, formats) }))
    .filter((row) => row.text !== '' || row.markers.length > 0);
  return (
    <section className={styles.block} aria-label={UI_TEXT.phone.facts}>
      <dl className={styles.facts}>
        {rows.map((row) => (
          <div key={row.field} style={{ display: 'contents' }}>
            <dt className={styles.term}>
              <Text size={200}>{row.term}</Text>
            </dt>
            <dd className={styles.value} data-fact={row.field}>
              {row.markers.map((marker) => (
                <DecisionMarker key={marker.kind} marker={marker} />
              ))}
              <span className={row.field === 'amount' ? styles.amount : undefined}>{row.text}</span>
            </dd>
          </div>
        ))}
      </dl>
      <PossibleDuplicateMarker duplicates={document.possibleDuplicates ?? []} />
    </section>
  );
}
