import { createRoot } from 'react-dom/client';
import { DatahavenApp } from '@datahaven/core';
import { createOutlookHostAdapter } from './createOutlookHostAdapter';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Datahaven Documents into.');
// The server serves this bundle under /outlook/*; the pane routes in memory, so the URL never changes.
createRoot(container).render(<DatahavenApp host={createOutlookHostAdapter(window)} />);
