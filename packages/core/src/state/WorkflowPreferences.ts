import { LIMITS } from '../model';
import type { StoragePort } from '../host/StoragePort';

/** Which workflow interface /workflow opens (spec §3 local storage "workflow interface version"). */
export type WorkflowInterfaceVersion = 'workflow1' | 'workflow2';

/** A user's own width for a column, and the sort they chose, over the option's columns. */
export interface ColumnOverrides {
  /** Width in pixels by column key. */
  widths: Record<string, number>;
  /** The chosen sort column and direction; null keeps the option's (or the server's) order. */
  sort: { key: string; desc: boolean } | null;
  /** Keys of the option's columns the user hid (the name column cannot be hidden); absent until the user chooses, when the grid's defaults apply. */
  hidden?: readonly string[];
}

/** Local-storage keys of the workflow preferences (spec §3 "Local-storage items"). */
export const WORKFLOW_STORAGE_KEYS = {
  interfaceVersion: 'workflowInterfaceVersion',
  hideEmptyQueues: 'workflowHideEmptyQueues',
  paneSize: 'workflowViewerPaneSize',
  autoview: 'autoview',
  columnOverrides: 'workflowColumnOverrides',
} as const;

const NO_OVERRIDES: ColumnOverrides = { widths: {}, sort: null };

/** Narrowest a user may make a column, so a column never disappears by dragging. */
const MIN_COLUMN_WIDTH = 40;

/** The inline viewer pane's share of the queue screen, kept between the spec's minimum and its mirror. */
export function clampPaneSize(percent: number): number {
  if (!Number.isFinite(percent)) return LIMITS.inlineViewerDefaultPercent;
  return Math.min(100 - LIMITS.inlineViewerMinPercent, Math.max(LIMITS.inlineViewerMinPercent, Math.round(percent)));
}

/** The workflow screens' per-browser preferences, read and written through the host's local StoragePort. */
export class WorkflowPreferences {
  private readonly storage: StoragePort;

  constructor(storage: StoragePort) {
    this.storage = storage;
  }

  /** The stored interface version; workflow2 unless workflow1 was stored. */
  interfaceVersion(): WorkflowInterfaceVersion {
    return this.storage.getItem(WORKFLOW_STORAGE_KEYS.interfaceVersion) === 'workflow1' ? 'workflow1' : 'workflow2';
  }

  /** Remembers the interface version. */
  setInterfaceVersion(version: WorkflowInterfaceVersion): void {
    this.storage.setItem(WORKFLOW_STORAGE_KEYS.interfaceVersion, version);
  }

  /** Whether empty queues are hidden (shown by default). */
  hideEmptyQueues(): boolean {
    return this.storage.getItem(WORKFLOW_STORAGE_KEYS.hideEmptyQueues) === 'true';
  }

  /** Remembers the hide-empty-queues switch. */
  setHideEmptyQueues(hide: boolean): void {
    this.storage.setItem(WORKFLOW_STORAGE_KEYS.hideEmptyQueues, String(hide));
  }

  /** The inline viewer pane's height in percent (default 50, at least 10). */
  paneSize(): number {
    const stored = this.storage.getItem(WORKFLOW_STORAGE_KEYS.paneSize);
    return stored === null ? LIMITS.inlineViewerDefaultPercent : clampPaneSize(Number(stored));
  }

  /** Remembers the pane size (clamped). */
  setPaneSize(percent: number): void {
    this.storage.setItem(WORKFLOW_STORAGE_KEYS.paneSize, String(clampPaneSize(percent)));
  }

  /** Whether selecting one document shows it in the inline viewer (on by default). */
  autoview(): boolean {
    return this.storage.getItem(WORKFLOW_STORAGE_KEYS.autoview) !== 'false';
  }

  /** Remembers the autoview setting. */
  setAutoview(on: boolean): void {
    this.storage.setItem(WORKFLOW_STORAGE_KEYS.autoview, String(on));
  }

  /** The user's column widths and sort; unreadable data counts as none. */
  columnOverrides(): ColumnOverrides {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.storage.getItem(WORKFLOW_STORAGE_KEYS.columnOverrides) ?? 'null');
    } catch {
      return NO_OVERRIDES;
    }
    if (typeof parsed !== 'object' || parsed === null) return NO_OVERRIDES;
    const raw = parsed as { widths?: unknown; sort?: unknown };
    const widths: Record<string, number> = {};
    if (typeof raw.widths === 'object' && raw.widths !== null) {
      for (const [key, value] of Object.entries(raw.widths as Record<string, unknown>)) {
        if (typeof value === 'number' && Number.isFinite(value) && value >= MIN_COLUMN_WIDTH) widths[key] = Math.round(value);
      }
    }
    let sort: ColumnOverrides['sort'] = null;
    if (typeof raw.sort === 'object' && raw.sort !== null) {
      const { key, desc } = raw.sort as { key?: unknown; desc?: unknown };
      if (typeof key === 'string' && key !== '') sort = { key, desc: desc === true };
    }
    // An empty list is a choice too (every column shown), unlike none stored (the defaults).
    if (!Array.isArray((raw as { hidden?: unknown }).hidden)) return { widths, sort };
    const hidden = (raw as { hidden: unknown[] }).hidden.filter((key): key is string => typeof key === 'string' && key !== '');
    return { widths, sort, hidden };
  }

  /** Remembers the column widths, sort and hidden columns. */
  setColumnOverrides(overrides: ColumnOverrides): void {
    this.storage.setItem(WORKFLOW_STORAGE_KEYS.columnOverrides, JSON.stringify(overrides));
  }
}
