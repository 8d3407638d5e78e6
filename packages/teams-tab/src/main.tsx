import { createRoot } from 'react-dom/client';
import { DatahavenApp } from '@datahaven/core';
import { createTeamsHostAdapter } from './createTeamsHostAdapter';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Datahaven Documents into.');
// The server serves this bundle under /teams/* and at /integration/teams/configure (whose page joins in the Teams issue).
createRoot(container).render(<DatahavenApp host={createTeamsHostAdapter(window)} />);
