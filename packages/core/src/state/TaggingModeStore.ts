import { Store } from './Store';

/** Tagging mode (spec §4): whether the user may use it (the 'Cabinet: Tagging' privilege, null until known) and whether it is on. */
export interface TaggingModeSnapshot {
  available: boolean | null;
  on: boolean;
}

const UNKNOWN: TaggingModeSnapshot = { available: null, on: false };

/**
 * Tagging mode on or off (spec §4). While on, clicking search results tags them into 'Tagged
 * Items', and single-document actions, route, approve and reject are disabled. It can only be on
 * while the privilege is held.
 */
export class TaggingModeStore extends Store<TaggingModeSnapshot> {
  constructor() {
    super(UNKNOWN);
  }

  /** Records whether the user holds the 'Cabinet: Tagging' privilege; losing it turns the mode off. */
  setAvailable(available: boolean): void {
    const { on } = this.getSnapshot();
    this.setSnapshot({ available, on: available && on });
  }

  /** Turns tagging mode on or off; on is refused unless the privilege is known to be held. */
  setOn(on: boolean): void {
    const current = this.getSnapshot();
    const next = on && current.available === true;
    if (next !== current.on) this.setSnapshot({ ...current, on: next });
  }

  /** Flips tagging mode. */
  toggle(): void {
    this.setOn(!this.getSnapshot().on);
  }
}
