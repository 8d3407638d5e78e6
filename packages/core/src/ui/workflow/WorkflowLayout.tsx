import type { ReactElement } from 'react';
import { Outlet } from 'react-router-dom';
import { makeStyles } from '@fluentui/react-components';
import { WorkflowBaseContext, type WorkflowBase } from './useWorkflowBase';

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, minWidth: 0 },
});

/** The workflow area (portal §2 "workflow" child routes) under one prefix: its screens link within that prefix. */
export function WorkflowLayout({ base }: { base: WorkflowBase }): ReactElement {
  const styles = useStyles();
  return (
    <WorkflowBaseContext.Provider value={base}>
      <div className={styles.area}>
        <Outlet />
      </div>
    </WorkflowBaseContext.Provider>
  );
}
