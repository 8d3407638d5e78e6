import { useState, useSyncExternalStore, type ReactElement } from 'react';
import {
  FluentProvider,
  Tab,
  TabList,
  makeStyles,
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  tokens,
  webDarkTheme,
  webLightTheme,
  type Theme,
} from '@fluentui/react-components';
import type { ApiClient, HostSignal, HostThemeName } from '@datahaven/core';
import { FileMailPane } from './FileMailPane';
import { ReplyWithDocumentsPane } from './ReplyWithDocumentsPane';
import type { GraphTokenHeaders } from './graphTokenHeaders';
import type { ReadMailItem } from './mailAttachments';

/** Each theme name the host may say as its Fluent v9 theme (Outlook says web light or dark). */
const THEMES: Record<HostThemeName, Theme> = {
  webLight: webLightTheme,
  webDark: webDarkTheme,
  teamsLight: teamsLightTheme,
  teamsDark: teamsDarkTheme,
  teamsHighContrast: teamsHighContrastTheme,
};

/** The two things the pane does with a message being read. */
export type ReadMessageView = 'file' | 'reply';

/** The tabs' words: short enough for Outlook's 320 px pane; each view's heading says it in full. */
export const READ_MESSAGE_TEXT = {
  views: 'What to do with this e-mail',
  file: 'File invoice',
  reply: 'Reply with documents',
  noReply: 'Outlook gave no id for this message, so no reply can be drafted from here.',
} as const;

/** Props of the read-mode shell. */
export interface ReadMessagePaneProps {
  item: ReadMailItem;
  /** The core's web-services client, signed in through Outlook. */
  client: ApiClient;
  /** Outlook's theme, live. */
  theme: HostSignal<HostThemeName>;
  /** The message's Graph REST id; undefined when Outlook gave no item id. */
  messageId: string | undefined;
  graphHeaders: GraphTokenHeaders;
  openDraft(webLink: string): void;
  /** The view shown first. */
  initialView?: ReadMessageView;
}

const useStyles = makeStyles({
  root: { minHeight: '100%', backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1 },
  tabs: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
});

/**
 * Outlook read mode: a tab list (arrow keys move between the tabs, as Fluent's TabList does) over
 * "File this e-mail's invoice" and "Reply with documents", in Outlook's theme. Both views stay
 * mounted once shown, hidden when not, so switching never loses a half-done filing or reply.
 */
export function ReadMessagePane({
  item,
  client,
  theme,
  messageId,
  graphHeaders,
  openDraft,
  initialView = 'file',
}: ReadMessagePaneProps): ReactElement {
  const styles = useStyles();
  const themeName = useSyncExternalStore(theme.onChange, theme.current, theme.current);
  const [view, setView] = useState<ReadMessageView>(initialView);
  // The reply view mounts when first shown (its search and sign-in wait for a user who replies), then stays.
  const [replyShown, setReplyShown] = useState(initialView === 'reply');
  return (
    // The page's height and colours sit on a div inside the provider: Fluent copies a provider's
    // className onto its portals, and a full-height class there turned every opened list or
    // dialog into a layer covering the whole pane.
    <FluentProvider theme={THEMES[themeName]} data-theme={themeName}>
      <div className={styles.root}>
        <TabList
          className={styles.tabs}
          aria-label={READ_MESSAGE_TEXT.views}
          selectedValue={view}
          onTabSelect={(_event, data) => {
            const next = data.value === 'reply' ? 'reply' : 'file';
            setView(next);
            if (next === 'reply') setReplyShown(true);
          }}
        >
          <Tab id="read-tab-file" value="file" aria-controls="read-panel-file">
            {READ_MESSAGE_TEXT.file}
          </Tab>
          <Tab id="read-tab-reply" value="reply" aria-controls="read-panel-reply">
            {READ_MESSAGE_TEXT.reply}
          </Tab>
        </TabList>
        <div id="read-panel-file" role="tabpanel" aria-labelledby="read-tab-file" hidden={view !== 'file'}>
          <FileMailPane item={item} client={client} />
        </div>
        <div id="read-panel-reply" role="tabpanel" aria-labelledby="read-tab-reply" hidden={view !== 'reply'}>
          {!replyShown ? null : messageId !== undefined ? (
            <ReplyWithDocumentsPane client={client} messageId={messageId} graphHeaders={graphHeaders} openDraft={openDraft} />
          ) : (
            <p role="status">{READ_MESSAGE_TEXT.noReply}</p>
          )}
        </div>
      </div>
    </FluentProvider>
  );
}
