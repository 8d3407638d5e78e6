import { Fragment, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  Button,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/svg/arrow-left';
import { UI_TEXT } from '../../locale/uiText';
import { wasOpenedInPlace } from '../app/useOpenAppPage';

/** One step of the breadcrumb: a link, or the current screen when `to` is absent. */
export interface Crumb {
  label: string;
  to?: string;
}

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXS}`,
    minWidth: 0,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** Props of WorkflowHeader. */
export interface WorkflowHeaderProps {
  title: string;
  crumbs?: readonly Crumb[];
  /** Controls beside the title (switches, filters). */
  children?: ReactNode;
}

/** A workflow screen's title (h1) with its breadcrumb back to the workflow root (portal §2). */
export function WorkflowHeader({ title, crumbs = [], children }: WorkflowHeaderProps): ReactElement {
  const styles = useStyles();
  const navigate = useNavigate();
  // A queue opened in place from another screen (Outlook's filing notice) leads back there, not only up the breadcrumb.
  const openedInPlace = wasOpenedInPlace(useLocation().state);
  const follow = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <header className={styles.header}>
      {crumbs.length > 0 ? (
        <Breadcrumb aria-label={UI_TEXT.workflow.breadcrumb} size="small">
          {crumbs.map((crumb, index) => (
            <Fragment key={`${crumb.label}-${index}`}>
              {index > 0 ? <BreadcrumbDivider /> : null}
              <BreadcrumbItem>
                {crumb.to ? (
                  <BreadcrumbButton href={crumb.to} onClick={follow(crumb.to)}>
                    {crumb.label}
                  </BreadcrumbButton>
                ) : (
                  <BreadcrumbButton current>{crumb.label}</BreadcrumbButton>
                )}
              </BreadcrumbItem>
            </Fragment>
          ))}
        </Breadcrumb>
      ) : null}
      <div className={styles.row}>
        {openedInPlace ? (
          <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={UI_TEXT.back} onClick={() => navigate(-1)} />
        ) : null}
        <Text as="h1" size={500} weight="semibold" className={styles.title} title={title}>
          {title}
        </Text>
        {children}
      </div>
    </header>
  );
}
