import type { ReactElement } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarGroup,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { useServices, useStore } from '../app/DatahavenServices';
import { UI_TEXT } from '../../locale/uiText';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `0 ${tokens.spacingHorizontalS}` },
});

/**
 * The exception banner and the alerts (spec §8), as MessageBars that stay until dismissed
 * (UX.md "Feedback that ends"); MessageBar announces itself to screen readers.
 */
export function AlertArea(): ReactElement | null {
  const styles = useStyles();
  const { alerts } = useServices();
  const { alerts: list, banner } = useStore(alerts);
  if (!banner && list.length === 0) return null;
  const bars: ReactElement[] = [];
  if (banner) {
    bars.push(
      <MessageBar key="banner" intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{banner.exceptionType}</MessageBarTitle>
          {banner.message}
        </MessageBarBody>
        <MessageBarActions
          containerAction={
            <Button
              appearance="transparent"
              aria-label={UI_TEXT.shell.dismissError}
              icon={<DismissRegular />}
              onClick={() => alerts.dismissBanner()}
            />
          }
        />
      </MessageBar>,
    );
  }
  for (const alert of list) {
    bars.push(
      <MessageBar key={alert.id} intent={alert.intent} layout="multiline">
        <MessageBarBody>{alert.text}</MessageBarBody>
        <MessageBarActions
          containerAction={
            <Button
              appearance="transparent"
              aria-label={UI_TEXT.shell.dismissAlert}
              icon={<DismissRegular />}
              onClick={() => alerts.dismiss(alert.id)}
            />
          }
        />
      </MessageBar>,
    );
  }
  return (
    <MessageBarGroup className={styles.group} animate="exit-only">
      {bars}
    </MessageBarGroup>
  );
}
