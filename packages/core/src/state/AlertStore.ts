import { ApiError } from '../api/ApiError';
import { MESSAGES } from '../locale/messages';
import { Store } from './Store';
import { UI_TEXT } from '../locale/uiText';

/** How an alert is styled. */
export type AlertIntent = 'error' | 'warning' | 'info' | 'success';

/** One alert of the shell's alert list. */
export interface Alert {
  id: number;
  intent: AlertIntent;
  text: string;
}

/** The exception banner: shown for error bodies with an exceptionType (spec §8). */
export interface ExceptionBanner {
  exceptionType: string;
  message: string;
  status: number;
}

/** Alerts and the exception banner. */
export interface AlertSnapshot {
  alerts: readonly Alert[];
  banner: ExceptionBanner | null;
}

const EMPTY: AlertSnapshot = { alerts: [], banner: null };

/** The shell's alerts and exception banner, one instance per provider. */
export class AlertStore extends Store<AlertSnapshot> {
  private nextId = 1;

  constructor() {
    super(EMPTY);
  }

  /** Shows an alert; returns its id. The same text already showing is not repeated. */
  push(text: string, intent: AlertIntent = 'error'): number {
    const { alerts, banner } = this.getSnapshot();
    const existing = alerts.find((alert) => alert.text === text && alert.intent === intent);
    if (existing) return existing.id;
    const alert: Alert = { id: this.nextId++, intent, text };
    this.setSnapshot({ alerts: [...alerts, alert], banner });
    return alert.id;
  }

  /** Closes one alert. */
  dismiss(id: number): void {
    const { alerts, banner } = this.getSnapshot();
    const next = alerts.filter((alert) => alert.id !== id);
    if (next.length !== alerts.length) this.setSnapshot({ alerts: next, banner });
  }

  /** Shows the exception banner (replacing any previous one). */
  showBanner(banner: ExceptionBanner): void {
    this.setSnapshot({ alerts: this.getSnapshot().alerts, banner });
  }

  /** Closes the exception banner. */
  dismissBanner(): void {
    if (this.getSnapshot().banner !== null) this.setSnapshot({ alerts: this.getSnapshot().alerts, banner: null });
  }

  /**
   * Shows an error where spec §8 puts it: ApiErrors flagged 'banner' go to the exception banner,
   * every other ApiError to an alert; aborted calls are not shown; anything else is an
   * unexpected failure and shows 'An Unhandled Error Occured'.
   */
  report(error: unknown): void {
    if (error instanceof ApiError) {
      if (error.kind === 'aborted') return;
      if (error.display === 'banner') {
        this.showBanner({ exceptionType: error.exceptionType ?? UI_TEXT.shell.errorType, message: error.message, status: error.status });
      } else {
        this.push(error.message, 'error');
      }
      return;
    }
    this.push(MESSAGES.unhandledError, 'error');
  }
}
