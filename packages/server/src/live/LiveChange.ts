import type { Selectable } from 'kysely';
import type { LiveChangesTable } from '../db/schema';

/** One committed change as the feed hands it on: a `live_changes` row. */
export type LiveChange = Selectable<LiveChangesTable>;

/** What a feed tells its listeners: a change, or that changes may have been missed (the listener lost its connection). */
export type LiveFeedMessage = { kind: 'change'; change: LiveChange } | { kind: 'gap' };
