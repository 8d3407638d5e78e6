import { createRoot } from 'react-dom/client';
import { DatahavenApp } from '@datahaven/core';
import { createErpHostAdapter } from './parentFrame';

/** The query the ERP opened us with: it carries the record context (portal spec §2), so it is kept even after in-app navigation drops it. */
const initialSearch = window.location.search;

// The spec gives the window a unique name if it has none (embedded §2), so viewer windows can be reused by name.
if (window.name === '') window.name = `datahaven-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const host = createErpHostAdapter(window, { search: () => initialSearch });
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Datahaven Documents into.');
createRoot(container).render(<DatahavenApp host={host} />);
