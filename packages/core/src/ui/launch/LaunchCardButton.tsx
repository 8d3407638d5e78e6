import { useState, type ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons/svg/open';
import type { DmsDocument } from '../../model';
import { UI_TEXT } from '../../locale/uiText';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
import { useNotify } from '../app/useToast';
import { LAUNCH_PRIVILEGE, launchLinkedRecord } from './launchLinkedRecord';

/**
 * Launch Card From Document (embedded §5 "Launch: needs a link and a launch privilege", §6): on
 * for one linked document when the user holds 'Dynamics: Launch Card From Document', and opens
 * its record in the ERP (launchLinkedRecord). A privilege that cannot be read counts as not held.
 */
export function LaunchCardButton({ documents }: { documents: readonly DmsDocument[] }): ReactElement {
  const { api, capabilities, alerts, loading } = useServices();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const privilege = useQuery({
    queryKey: queryKeys.privilege(LAUNCH_PRIVILEGE),
    queryFn: () => api.privileges.can(LAUNCH_PRIVILEGE),
    meta: { quiet: true },
  });
  const single = documents.length === 1 ? documents[0] : null;
  const link = single?.link ?? null;
  const known = privilege.data !== undefined || privilege.isError;
  const mayLaunch = link !== null && privilege.data === true && !busy;

  const launch = (): void => {
    if (!mayLaunch || link === null) return;
    setBusy(true);
    void loading
      .track(launchLinkedRecord({ api, capabilities, alerts }, link))
      .then((opened) => {
        if (opened) notify(UI_TEXT.quickLink.launched(link.sourceNumber));
      })
      .finally(() => setBusy(false));
  };

  return (
    <Button
      appearance="subtle"
      icon={<OpenRegular />}
      disabledFocusable={!mayLaunch}
      title={known && !mayLaunch && !busy ? UI_TEXT.quickLink.notPermittedLaunch : undefined}
      onClick={launch}
    >
      {UI_TEXT.quickLink.launchCard}
    </Button>
  );
}
