import { createRoot } from 'react-dom/client';
import { TeamsApp } from './TeamsApp';
import { startTeams } from './startTeams';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Datahaven Documents into.');
// The server serves this bundle at /integration/teams/configure (the tab's settings) and /teams/* (the tab).
createRoot(container).render(<TeamsApp start={startTeams(window)} origin={window.location.origin} />);
