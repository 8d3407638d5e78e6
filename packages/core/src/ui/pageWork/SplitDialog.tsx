import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import {
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  SpinButton,
  Tab,
  TabList,
  Text,
  ToggleButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { DmsDocument } from '../../model';
import { parsePageRanges, type PageRangeParse } from '../../rules';
import { useServices } from '../app/DatahavenServices';
import { PageThumbnail } from './PageThumbnail';
import { pageWorkErrorText } from './pageWorkErrors';
import { everyNPagesGroups, everyPageGroups, groupsFromBreaks, pagesLabelOf, partsOf, rangesTextOf } from './splitPlan';
import { UI_TEXT } from '../../locale/uiText';

/** The split dialog's modes (spec §2 "Dialogs: split (simple, custom, break, visual, advanced)"). */
export type SplitMode = 'simple' | 'custom' | 'break' | 'visual' | 'advanced';

/** Tab names of the modes, as users and browser tests find them. */
export const SPLIT_MODE_LABELS: Record<SplitMode, string> = UI_TEXT.pageWork.modes;

/** What a finished split hands back to the screen that opened the dialog. */
export interface SplitResult {
  documents: DmsDocument[];
  originalDeleted: boolean;
}

/** Props of SplitDialog. */
export interface SplitDialogProps {
  document: DmsDocument;
  /** The user may delete documents ('Cabinet: Delete'): only then is "delete the original" offered. */
  canDeleteOriginal: boolean;
  open: boolean;
  onClose(): void;
  /** Called once the server made the new documents (the caller refreshes its list). */
  onSplit(result: SplitResult): void;
  /** Opens the full-screen visual split tool instead (`/thumbnail-split/{docId}`). */
  onOpenVisualTool?: () => void;
  /** The tools that split through recombination (advanced named parts, the visual tool) are allowed (access `splitAdvanced`). */
  canSplitAdvanced?: boolean;
}

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 16px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pane: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minHeight: '120px' },
  breaks: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, maxHeight: '220px', overflowY: 'auto' },
  visual: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalS,
    maxHeight: '360px',
    overflowY: 'auto',
    padding: tokens.spacingVerticalXS,
  },
  visualPage: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXXS },
  cut: { minWidth: '24px', height: '120px', padding: 0 },
  preview: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: '160px', overflowY: 'auto' },
  names: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Phase = { step: 'editing'; error: string | null } | { step: 'working' } | { step: 'done'; result: SplitResult };

/** The inline message for typed ranges: nothing while blank or valid, else the spec's message or the out-of-range report. */
function rangeMessage(text: string, parsed: PageRangeParse): string | null {
  if (text.trim() === '' || parsed.valid) return null;
  return parsed.message;
}

/**
 * The split dialog (spec §2, §5): five ways to say where the document is cut — Simple (every page,
 * or every n pages), Custom (page ranges in the spec's grammar, checked as the user types),
 * Break (break points between pages), Visual (click between page thumbnails) and Advanced
 * (semicolon-separated groups, each with a name) — whether to keep the original, and a preview
 * of the documents it makes. Simple, Custom, Break and Visual call the split endpoint; Advanced
 * names its documents, so it builds them through recombination.
 */
export function SplitDialog({
  document,
  canDeleteOriginal,
  open,
  onClose,
  onSplit,
  onOpenVisualTool,
  canSplitAdvanced = true,
}: SplitDialogProps): ReactElement {
  const styles = useStyles();
  const { api } = useServices();
  const pageCount = document.totalPages;
  const [mode, setMode] = useState<SplitMode>('simple');
  const [simple, setSimple] = useState<'everyPage' | 'everyN'>('everyPage');
  const [everyN, setEveryN] = useState(2);
  const [customText, setCustomText] = useState('');
  const [breaks, setBreaks] = useState<ReadonlySet<number>>(new Set());
  const [advancedText, setAdvancedText] = useState('');
  const [names, setNames] = useState<readonly string[]>([]);
  const [keepOriginal, setKeepOriginal] = useState(true);
  const [phase, setPhase] = useState<Phase>({ step: 'editing', error: null });
  const visualRef = useRef<HTMLDivElement>(null);

  // A new document (or reopening) starts from a clean dialog.
  useEffect(() => {
    if (!open) return;
    setMode('simple');
    setSimple('everyPage');
    setEveryN(2);
    setCustomText('');
    setBreaks(new Set());
    setAdvancedText('');
    setNames([]);
    setKeepOriginal(true);
    setPhase({ step: 'editing', error: null });
  }, [open, document.id]);

  const customParse = useMemo(() => parsePageRanges(customText, pageCount), [customText, pageCount]);
  const advancedParse = useMemo(() => parsePageRanges(advancedText, pageCount), [advancedText, pageCount]);

  const groups: number[][] | null = useMemo(() => {
    switch (mode) {
      case 'simple':
        return simple === 'everyPage' ? everyPageGroups(pageCount) : everyNPagesGroups(pageCount, everyN);
      case 'custom':
        return customParse.valid ? customParse.groups : null;
      case 'break':
      case 'visual':
        return groupsFromBreaks(pageCount, breaks);
      case 'advanced':
        return advancedParse.valid ? advancedParse.groups : null;
    }
  }, [mode, simple, everyN, pageCount, customParse, advancedParse, breaks]);

  // One group holding every page in order would make a copy, not a split.
  const changesSomething =
    groups !== null &&
    groups.length > 0 &&
    !(groups.length === 1 && groups[0].length === pageCount && groups[0].every((page, index) => page === index + 1));
  const working = phase.step === 'working';

  const toggleBreak = (page: number): void => {
    setBreaks((current) => {
      const next = new Set(current);
      if (next.has(page)) next.delete(page);
      else next.add(page);
      return next;
    });
  };

  const submit = (): void => {
    if (!groups || !changesSomething || working) return;
    const deleteOriginal = canDeleteOriginal && !keepOriginal;
    setPhase({ step: 'working' });
    const request =
      mode === 'advanced'
        ? api.pageWork.recombine({
            documents: groups.map((pages, index) => ({ parts: partsOf(document.id, pages), name: names[index] ?? '' })),
            delete: deleteOriginal,
          })
        : api.pageWork.split(document.id, rangesTextOf(groups), deleteOriginal);
    request.then(
      (documents) => {
        const result = { documents, originalDeleted: deleteOriginal };
        setPhase({ step: 'done', result });
        onSplit(result);
      },
      (error: unknown) => setPhase({ step: 'editing', error: pageWorkErrorText(error) }),
    );
  };

  const modePane = (): ReactElement => {
    switch (mode) {
      case 'simple':
        return (
          <div className={styles.pane}>
            <RadioGroup
              value={simple}
              onChange={(_event, data) => setSimple(data.value === 'everyN' ? 'everyN' : 'everyPage')}
              aria-label={UI_TEXT.pageWork.simpleSplit}
            >
              <Radio value="everyPage" label={UI_TEXT.pageWork.everyPage} />
              <Radio value="everyN" label={UI_TEXT.pageWork.everyNPages} />
            </RadioGroup>
            <Field label={UI_TEXT.pageWork.pagesPerDocument}>
              <SpinButton
                min={1}
                max={Math.max(1, pageCount - 1)}
                value={everyN}
                disabled={simple !== 'everyN'}
                onChange={(_event, data) => {
                  const value = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
                  if (Number.isFinite(value)) setEveryN(Math.max(1, Math.min(Math.max(1, pageCount - 1), Math.floor(value as number))));
                }}
              />
            </Field>
          </div>
        );
      case 'custom':
        return (
          <div className={styles.pane}>
            <Field
              label={UI_TEXT.pageWork.pageRanges}
              hint={UI_TEXT.pageWork.pageRangesHint(pageCount)}
              validationState={rangeMessage(customText, customParse) ? 'error' : 'none'}
              validationMessage={rangeMessage(customText, customParse)}
            >
              <Input value={customText} onChange={(_event, data) => setCustomText(data.value)} placeholder={`1-2;3-${pageCount}`} />
            </Field>
          </div>
        );
      case 'break':
        return (
          <div className={styles.pane}>
            <Body1>{UI_TEXT.pageWork.chooseBreaks}</Body1>
            <div className={styles.breaks} role="group" aria-label={UI_TEXT.pageWork.breakPoints}>
              {Array.from({ length: pageCount - 1 }, (_, index) => index + 1).map((page) => (
                <Checkbox
                  key={page}
                  label={UI_TEXT.pageWork.breakAfterPage(page)}
                  checked={breaks.has(page)}
                  onChange={() => toggleBreak(page)}
                />
              ))}
            </div>
          </div>
        );
      case 'visual':
        return (
          <div className={styles.pane}>
            <Body1>{UI_TEXT.pageWork.clickBetweenPages}</Body1>
            <div ref={visualRef} className={styles.visual} role="group" aria-label={UI_TEXT.pageWork.pagesGroup}>
              {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) => (
                <span key={page} style={{ display: 'contents' }}>
                  <span className={styles.visualPage}>
                    <PageThumbnail docId={document.id} page={page} scrollRoot={visualRef} />
                    <Text size={200}>{page}</Text>
                  </span>
                  {page < pageCount ? (
                    <ToggleButton
                      className={styles.cut}
                      appearance={breaks.has(page) ? 'primary' : 'subtle'}
                      checked={breaks.has(page)}
                      aria-label={UI_TEXT.pageWork.splitBetween(page)}
                      onClick={() => toggleBreak(page)}
                    >
                      {breaks.has(page) ? '✂' : '┆'}
                    </ToggleButton>
                  ) : null}
                </span>
              ))}
            </div>
            {onOpenVisualTool && canSplitAdvanced ? (
              <Button appearance="transparent" onClick={onOpenVisualTool}>
                {UI_TEXT.pageWork.openVisualTool}
              </Button>
            ) : null}
          </div>
        );
      case 'advanced':
        return (
          <div className={styles.pane}>
            <Field
              label={UI_TEXT.pageWork.groups}
              hint={UI_TEXT.pageWork.groupsHint}
              validationState={rangeMessage(advancedText, advancedParse) ? 'error' : 'none'}
              validationMessage={rangeMessage(advancedText, advancedParse)}
            >
              <Input value={advancedText} onChange={(_event, data) => setAdvancedText(data.value)} placeholder={`1-2;3-${pageCount}`} />
            </Field>
            {groups ? (
              <div className={styles.names}>
                {groups.map((pages, index) => (
                  <Field key={index} label={UI_TEXT.pageWork.nameOfDocument(index + 1, pagesLabelOf(pages))}>
                    <Input
                      value={names[index] ?? ''}
                      placeholder={UI_TEXT.pageWork.nameChosenByServer}
                      onChange={(_event, data) =>
                        setNames((current) => {
                          const next = [...current];
                          next[index] = data.value;
                          return next;
                        })
                      }
                    />
                  </Field>
                ))}
              </div>
            ) : null}
          </div>
        );
    }
  };

  const done = phase.step === 'done' ? phase.result : null;
  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open && !working) onClose();
      }}
    >
      <DialogSurface className={styles.surface} aria-label={UI_TEXT.pageWork.splitTitle(document.name)}>
        <DialogBody>
          <DialogTitle>{UI_TEXT.pageWork.splitTitle(document.name)}</DialogTitle>
          <DialogContent className={styles.content}>
            {done ? (
              <div role="status">
                <Body1>{UI_TEXT.pageWork.made(done.documents.length, done.originalDeleted)}</Body1>
                <ul aria-label={UI_TEXT.pageWork.newDocuments}>
                  {done.documents.map((made) => (
                    <li key={made.id}>{UI_TEXT.pageWork.madeDocument(made.name, made.totalPages)}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <>
                <TabList
                  selectedValue={mode}
                  onTabSelect={(_event, data) => setMode(data.value as SplitMode)}
                  aria-label={UI_TEXT.pageWork.splitMode}
                  size="small"
                >
                  {(Object.keys(SPLIT_MODE_LABELS) as SplitMode[]).map((value) => (
                    <Tab key={value} value={value} disabled={working || (value === 'advanced' && !canSplitAdvanced)}>
                      {SPLIT_MODE_LABELS[value]}
                    </Tab>
                  ))}
                </TabList>
                {modePane()}
                <Checkbox
                  label={UI_TEXT.pageWork.keepOriginal}
                  checked={keepOriginal || !canDeleteOriginal}
                  disabled={!canDeleteOriginal || working}
                  onChange={(_event, data) => setKeepOriginal(data.checked === true)}
                />
                {!canDeleteOriginal ? (
                  <Text size={200} className={styles.muted}>
                    {UI_TEXT.pageWork.originalKeptNoDelete}
                  </Text>
                ) : null}
                <section aria-label={UI_TEXT.pageWork.preview}>
                  <Text weight="semibold">{UI_TEXT.pageWork.preview}</Text>
                  {groups && changesSomething ? (
                    <ol className={styles.preview} aria-label={UI_TEXT.pageWork.documentsToMake}>
                      {groups.map((pages, index) => (
                        <li key={index}>
                          {UI_TEXT.pageWork.previewDocument(
                            mode === 'advanced' ? (names[index] ?? '').trim() : '',
                            pagesLabelOf(pages),
                            pages.length,
                          )}
                        </li>
                      ))}
                    </ol>
                  ) : (
                    <Body1 className={styles.muted}>
                      {mode === 'break' || mode === 'visual' ? UI_TEXT.pageWork.chooseOneBreak : UI_TEXT.pageWork.enterPages}
                    </Body1>
                  )}
                </section>
                {phase.step === 'editing' && phase.error ? (
                  <MessageBar intent="error" layout="multiline">
                    <MessageBarBody>{phase.error}</MessageBarBody>
                  </MessageBar>
                ) : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {done ? (
              <Button appearance="primary" onClick={onClose}>
                {UI_TEXT.done}
              </Button>
            ) : (
              <>
                <Button appearance="secondary" disabled={working} onClick={onClose}>
                  {UI_TEXT.cancel}
                </Button>
                <Button appearance="primary" disabled={!changesSomething || working} onClick={submit}>
                  {working ? UI_TEXT.pageWork.splitting : UI_TEXT.pageWork.splitInto(groups?.length ?? 0)}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
