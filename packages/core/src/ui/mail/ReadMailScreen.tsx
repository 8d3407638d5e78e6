import { useState, type ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { FileMailPane } from './FileMailPane';
import { ReplyWithDocumentsPane } from './ReplyWithDocumentsPane';
import { WorkflowBaseContext } from '../workflow/useWorkflowBase';
import { WorkflowRootScreen } from '../workflow/WorkflowRootScreen';

/** The two things the screen does with the message being read. */
type ReadMailView = 'file' | 'reply' | 'approvals';

const useStyles = makeStyles({
  // The shell does not scroll: the screen does, so the long forms fit a 320 px pane of any height.
  screen: { flexGrow: 1, minHeight: 0, overflowY: 'auto', color: tokens.colorNeutralForeground1 },
  tabs: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
});

/**
 * The e-mail being read (READ_MAIL_PATH, the host's `messageBeingRead`, e.g. Outlook read mode):
 * a tab list (arrow keys move between the tabs, as Fluent's TabList does) over "File this
 * e-mail's invoice", "Reply with documents" and "Approvals" (the workflow root, whose queues
 * open in the pane: the approver's way in on Outlook mobile). The first two stay mounted once
 * shown, hidden when not, so switching never loses a half-done filing or reply. A host that reads
 * no message is sent home.
 */
export function ReadMailScreen(): ReactElement {
  const styles = useStyles();
  const { capabilities } = useServices();
  const message = capabilities.messageBeingRead;
  const [view, setView] = useState<ReadMailView>('file');
  // The reply view mounts when first shown (its search waits for a user who replies), then stays.
  const [replyShown, setReplyShown] = useState(false);
  if (message === undefined) return <Navigate to="/" replace />;
  return (
    <div className={styles.screen}>
      <TabList
        className={styles.tabs}
        aria-label={UI_TEXT.mail.views}
        selectedValue={view}
        onTabSelect={(_event, data) => {
          const next = data.value === 'reply' || data.value === 'approvals' ? data.value : 'file';
          setView(next);
          if (next === 'reply') setReplyShown(true);
        }}
      >
        <Tab id="read-tab-file" value="file" aria-controls="read-panel-file">
          {UI_TEXT.mail.fileTab}
        </Tab>
        <Tab id="read-tab-reply" value="reply" aria-controls="read-panel-reply">
          {UI_TEXT.mail.replyTab}
        </Tab>
        <Tab id="read-tab-approvals" value="approvals" aria-controls="read-panel-approvals">
          {UI_TEXT.phone.approvalsTab}
        </Tab>
      </TabList>
      <div id="read-panel-file" role="tabpanel" aria-labelledby="read-tab-file" hidden={view !== 'file'}>
        <FileMailPane message={message} />
      </div>
      <div id="read-panel-reply" role="tabpanel" aria-labelledby="read-tab-reply" hidden={view !== 'reply'}>
        {!replyShown ? null : message.restId !== undefined ? (
          <ReplyWithDocumentsPane messageId={message.restId} />
        ) : (
          <p role="status">{UI_TEXT.mail.noReply}</p>
        )}
      </div>
      {/* The approver's way in (Outlook mobile above all): the workflow root, whose queues open in the pane under /workflow2. */}
      <div id="read-panel-approvals" role="tabpanel" aria-labelledby="read-tab-approvals" hidden={view !== 'approvals'}>
        {view === 'approvals' ? (
          <WorkflowBaseContext.Provider value="/workflow2">
            <WorkflowRootScreen />
          </WorkflowBaseContext.Provider>
        ) : null}
      </div>
    </div>
  );
}
