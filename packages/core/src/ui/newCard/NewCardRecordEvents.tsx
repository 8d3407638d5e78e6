import { useEffect } from 'react';
import { useServices } from '../app/DatahavenServices';
import { handleNewCardRecordEvent } from './handleNewCardRecordEvent';

/**
 * Completes New Card From Document when the ERP says the record was saved (embedded §7 parent
 * message `PUT /record/event`, insert events): subscribes to the host's record events for as long
 * as the app is mounted (handleNewCardRecordEvent does the work). Renders nothing.
 */
export function NewCardRecordEvents(): null {
  const services = useServices();
  useEffect(() => {
    if (services.host.onRecordEvent === undefined) return undefined;
    return services.host.onRecordEvent((event) => handleNewCardRecordEvent(services, event));
  }, [services]);
  return null;
}
