import { useEffect, useRef, useState, type ChangeEvent, type ReactElement } from 'react';
import { Body1, Field, MessageBar, MessageBarBody, Select, Spinner, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError, type WorkflowApi, type WorkflowRoot } from '@datahaven/core';
import { pages } from '@microsoft/teams-js';
import { TEAMS_TEXT } from './teamsText';
import { tabChoiceFrom, tabContentPath, tabEntityId, type TabChoice } from './tabRoutes';

/** The configure page's words (docs/UX-DECISIONS.md "Teams tab"), in the language shown: the accessible names the simulator's test drives are among them. */
export const CONFIGURE_TEXT = TEAMS_TEXT.configure;

/** An option's value: the choice as text (`queue:<id>`, `queueType:<id>`). */
function optionValue(choice: TabChoice): string {
  return `${choice.kind}:${choice.id}`;
}

/** The choice an option value stands for, or null for the placeholder. */
function choiceOf(value: string): TabChoice | null {
  const match = /^(queue|queueType):(\d+)$/.exec(value);
  return match ? { kind: match[1] === 'queue' ? 'queue' : 'queueType', id: Number(match[2]) } : null;
}

/** The name a choice gets as the tab's title: the queue's or the queue type's name. */
function choiceName(root: WorkflowRoot, choice: TabChoice): string | null {
  for (const type of root.queueTypes) {
    if (choice.kind === 'queueType' && type.id === choice.id) return type.name;
    const queue = choice.kind === 'queue' ? type.queues.find((item) => item.id === choice.id) : undefined;
    if (queue) return queue.name;
  }
  return null;
}

/** Words for a failure: the server's (ApiError) or the error's own. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL, maxWidth: '560px' },
});

/** Props of ConfigurePage. */
export interface ConfigurePageProps {
  /** Where the queues come from (the core's workflow client, signed in as the Teams user). */
  workflow: Pick<WorkflowApi, 'getRoot'>;
  /** The public origin the tab's content URL points at (the page's own). */
  origin: string;
}

/**
 * The configurable tab's settings page (HOSTS.md; frame context 'settings'): lists the queue
 * types and queues the user may browse, enables Save once one is chosen, and on Save stores the
 * tab's content URL, entity id and name in Teams. A tab being reconfigured starts at its choice.
 */
export function ConfigurePage({ workflow, origin }: ConfigurePageProps): ReactElement {
  const styles = useStyles();
  const [root, setRoot] = useState<WorkflowRoot | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const current = useRef<{ root: WorkflowRoot | null; choice: TabChoice | null }>({ root: null, choice: null });
  current.current = { root, choice: choiceOf(value) };

  useEffect(() => {
    pages.config.setValidityState(false);
    pages.config.registerOnSaveHandler((event) => {
      const { root: loaded, choice } = current.current;
      const name = loaded && choice ? choiceName(loaded, choice) : null;
      if (!choice || name === null) {
        event.notifyFailure(CONFIGURE_TEXT.nothingChosen);
        return;
      }
      const url = `${origin}${tabContentPath(choice)}`;
      pages.config.setConfig({ contentUrl: url, websiteUrl: url, entityId: tabEntityId(choice), suggestedDisplayName: name }).then(
        () => event.notifySuccess(),
        (error: unknown) => event.notifyFailure(failureText(error, CONFIGURE_TEXT.saveFailed)),
      );
    });
  }, [origin]);

  useEffect(() => {
    const abort = new AbortController();
    // The tab's saved configuration, when it is being reconfigured (a new tab has none: ignore the failure).
    // TeamsJS may also throw at once (a host without the pages capability): the same as no configuration.
    const existing = Promise.resolve()
      .then(() => pages.getConfig())
      .then(
        (config) => tabChoiceFrom(config.entityId, config.contentUrl),
        () => null,
      );
    Promise.all([workflow.getRoot({}, abort.signal), existing]).then(
      ([loaded, choice]) => {
        setRoot(loaded);
        if (choice && choiceName(loaded, choice) !== null) setValue(optionValue(choice));
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setLoadError(failureText(error, CONFIGURE_TEXT.saveFailed));
      },
    );
    return () => abort.abort();
  }, [workflow]);

  // Save is offered exactly while a listed queue or queue type is chosen.
  const valid = root !== null && value !== '' && choiceName(root, choiceOf(value) ?? { kind: 'queue', id: -1 }) !== null;
  useEffect(() => {
    pages.config.setValidityState(valid);
  }, [valid]);

  const onChange = (event: ChangeEvent<HTMLSelectElement>): void => setValue(event.target.value);

  return (
    <main className={styles.page}>
      <Subtitle1 as="h1">{CONFIGURE_TEXT.heading}</Subtitle1>
      <Body1>{CONFIGURE_TEXT.intro}</Body1>
      {loadError !== null ? (
        <MessageBar intent="error">
          <MessageBarBody>{loadError}</MessageBarBody>
        </MessageBar>
      ) : root === null ? (
        <Spinner label={CONFIGURE_TEXT.loading} />
      ) : root.queueTypes.every((type) => type.queues.length === 0) ? (
        <MessageBar intent="warning">
          <MessageBarBody>{CONFIGURE_TEXT.noQueues}</MessageBarBody>
        </MessageBar>
      ) : (
        <Field label={CONFIGURE_TEXT.queueLabel}>
          <Select value={value} onChange={onChange}>
            <option value="">{CONFIGURE_TEXT.placeholder}</option>
            {root.queueTypes
              .filter((type) => type.queues.length > 0)
              .map((type) => (
                <optgroup key={type.id} label={type.name}>
                  <option value={optionValue({ kind: 'queueType', id: type.id })}>{CONFIGURE_TEXT.allQueuesOf(type.name)}</option>
                  {type.queues.map((queue) => (
                    <option key={queue.id} value={optionValue({ kind: 'queue', id: queue.id })}>
                      {queue.name}
                    </option>
                  ))}
                </optgroup>
              ))}
          </Select>
        </Field>
      )}
    </main>
  );
}
