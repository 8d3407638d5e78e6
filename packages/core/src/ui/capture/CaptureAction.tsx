import { useState, type ReactElement } from 'react';
import { Button } from '@fluentui/react-components';
import { CameraRegular } from '@fluentui/react-icons/svg/camera';
import type { ErpContext } from '../../model';
import { MESSAGES } from '../../locale/messages';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { useNotify } from '../app/useToast';

/**
 * Capture (embedded §2 "capture" dialog, §6 'Dynamics: Capture', §7 "a capture starts by
 * messaging the parent"): offered on a record the ERP says can be captured (context
 * isCapturable). A click asks the server afresh whether the caller may capture this type's
 * records in the record's company (privilege and upload access), then asks the host to capture;
 * a refusal, a host without an ERP parent, or a parent that fails all show the spec's 'The request
 * to capture this record could not be fulfilled.'
 */
export function CaptureAction({ context }: { context: ErpContext | null }): ReactElement | null {
  const { api, host, alerts } = useServices();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const typeName = context?.typeName;
  if (context === null || context.isCapturable !== true || typeName === undefined || typeName === '') return null;
  const capture = async (): Promise<void> => {
    setBusy(true);
    try {
      const access = await api.metadata.getEntityTypeAccess(typeName, context.dataAreaId);
      if (!access.capture || host.captureRecord === undefined) throw new Error(MESSAGES.captureNotFulfilled);
      await host.captureRecord(context);
      notify(UI_TEXT.metadata.captureStarted);
    } catch (error) {
      // Why it failed goes to the log; the user reads the spec's sentence.
      console.warn('Capture failed.', error);
      alerts.push(MESSAGES.captureNotFulfilled);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button appearance="subtle" icon={<CameraRegular />} disabled={busy} onClick={() => void capture()}>
      {busy ? UI_TEXT.metadata.capturing : UI_TEXT.metadata.capture}
    </Button>
  );
}
