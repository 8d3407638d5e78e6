import { useEffect, useRef, type ReactElement } from 'react';
import { Button, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownRegular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { UI_TEXT } from '../../locale/uiText';

/** Props of FindBar. */
export interface FindBarProps {
  query: string;
  onQueryChange(query: string): void;
  /** Matches found so far and whether every page has been read. */
  total: number;
  complete: boolean;
  /** Index of the current match (0-based). */
  active: number;
  onNext(): void;
  onPrevious(): void;
  onClose(): void;
  /** Changes when Ctrl+F is pressed again with the bar open, to put the focus back in the box. */
  focusSeq: number;
}

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  input: { width: '240px', maxWidth: '50vw' },
  count: { minWidth: '80px', fontVariantNumeric: 'tabular-nums' },
});

/**
 * The viewer's find bar (Ctrl+F): the words to find, the count ("3 of 12"), previous and next.
 * Enter goes to the next match, Shift+Enter to the previous, Esc closes the bar.
 */
export function FindBar({
  query,
  onQueryChange,
  total,
  complete,
  active,
  onNext,
  onPrevious,
  onClose,
  focusSeq,
}: FindBarProps): ReactElement {
  const styles = useStyles();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusSeq]);
  const hasQuery = query.trim() !== '';
  return (
    <div className={styles.bar} role="search" aria-label={UI_TEXT.viewer.find}>
      <Input
        ref={inputRef}
        className={styles.input}
        size="small"
        aria-label={UI_TEXT.viewer.find}
        placeholder={UI_TEXT.viewer.find}
        value={query}
        onChange={(_event, data) => onQueryChange(data.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (event.shiftKey) onPrevious();
            else onNext();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
      />
      <Text size={200} className={styles.count} role="status" aria-live="polite" aria-label={UI_TEXT.viewer.matches}>
        {hasQuery ? UI_TEXT.viewer.matchCount(total, active, complete) : ''}
      </Text>
      <Button
        appearance="subtle"
        size="small"
        icon={<ArrowUpRegular />}
        aria-label={UI_TEXT.viewer.previousMatch}
        title={UI_TEXT.viewer.previousMatchTitle}
        disabled={total === 0}
        onClick={onPrevious}
      />
      <Button
        appearance="subtle"
        size="small"
        icon={<ArrowDownRegular />}
        aria-label={UI_TEXT.viewer.nextMatch}
        title={UI_TEXT.viewer.nextMatchTitle}
        disabled={total === 0}
        onClick={onNext}
      />
      <Button
        appearance="subtle"
        size="small"
        icon={<DismissRegular />}
        aria-label={UI_TEXT.viewer.closeFind}
        title={UI_TEXT.viewer.closeFindTitle}
        onClick={onClose}
      />
    </div>
  );
}
