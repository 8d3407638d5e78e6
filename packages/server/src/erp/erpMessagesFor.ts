import { ERP_MESSAGES, type ErpMessages } from './erpMessages';
import { ERP_MESSAGES_DE } from './erpMessagesDe';

/**
 * The ERP failure texts in `language` (German or English). The connector throws them as a
 * `Wording`, so the transport words them in the caller's language; the `detail` parts the ERP
 * itself or the connector's protocol checks give stay as they came.
 */
export function erpMessagesFor(language: string): ErpMessages {
  return language.toLowerCase().startsWith('de') ? ERP_MESSAGES_DE : ERP_MESSAGES;
}
