import type { HostAdapter } from '../../host';
import type { NewCardCompletion } from './completeNewCardFromRecordEvent';

/** A listener answers true when the completion was its own (the dialog of that document). */
type Listener = (completion: NewCardCompletion) => boolean;

// Per host, so two mounted apps never hear each other's completions (no module-wide listeners).
const listenersByHost = new WeakMap<HostAdapter, Set<Listener>>();

/** Hears New Cards completed by an ERP insert event in this app (an open New Card dialog shows its own). Returns the unsubscribe function. */
export function onNewCardCompleted(host: HostAdapter, listener: Listener): () => void {
  let listeners = listenersByHost.get(host);
  if (listeners === undefined) {
    listeners = new Set();
    listenersByHost.set(host, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the app's listeners; true when one took it as its own (so nobody else need tell the user). */
export function announceNewCardCompleted(host: HostAdapter, completion: NewCardCompletion): boolean {
  let taken = false;
  for (const listener of [...(listenersByHost.get(host) ?? [])]) if (listener(completion)) taken = true;
  return taken;
}
