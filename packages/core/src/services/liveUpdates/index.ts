/** The mount's live updates: GET /events kept open, each change turned into invalidations. */
export * from './LiveUpdates';
