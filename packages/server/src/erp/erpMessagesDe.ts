import type { ErpMessages } from './erpMessages';

/** The ERP failure texts (erpMessages.ts) in German, Sie-form. */
export const ERP_MESSAGES_DE: ErpMessages = {
  erpUnreachable: (erp) => `${erp} ist im Moment nicht erreichbar. Bitte versuchen Sie es später erneut.`,
  erpTimedOut: (erp, seconds) =>
    `${erp} hat nicht innerhalb von ${seconds === 1 ? '1 Sekunde' : `${seconds} Sekunden`} geantwortet. Bitte versuchen Sie es später erneut.`,
  erpBusy: (erp) => `${erp} ist ausgelastet und hat um Geduld gebeten. Bitte versuchen Sie es in einer Minute erneut.`,
  erpCredentialsRefused: (erp) =>
    `${erp} hat die Anmeldung des Produkts abgelehnt. Bitten Sie einen Administrator, die Einstellungen der ERP-Verbindung zu prüfen.`,
  erpFailed: (erp, detail) => `${erp} konnte nicht antworten (${detail}). Bitte versuchen Sie es später erneut.`,
  erpRefusedQuery: (erp, detail) => `${erp} hat die Anforderung abgelehnt: ${detail}`,
  erpUnknownEntityType: (erp, name) => `${erp} hat keinen Entitätstyp '${name}'.`,
  erpUnknownProperty: (erp, typeName, property) => `${erp}: '${typeName}' hat keine Eigenschaft '${property}'.`,
  erpUnknownCompany: (erp, company) => `${erp} hat keinen Mandanten '${company}'.`,
  erpSourceNotConfigured: (prefix) => `Für '${prefix}' ist kein ERP eingerichtet.`,
};
