/**
 * The demo host pages' own words in German (Sie-form, the German of Business Central, Teams and
 * Outlook), by their English: erp.html, teams.html, outlook.html and the demo Entra sign-in page.
 * localizedDemoPage swaps whole texts of elements and of aria-label / title attributes, so the
 * pages keep one source in English and a text missing here simply stays English.
 */
export const DEMO_PAGE_TEXT_DE: Readonly<Record<string, string>> = {
  // erp.html: the Business Central stand-in
  'Business Central (demo) - Datahaven Documents': 'Business Central (Demo) – Datahaven Documents',
  'Demo host for Datahaven Documents': 'Demo-Host für Datahaven Documents',
  'Demo user': 'Demo-Benutzer',
  Theme: 'Design',
  Light: 'Hell',
  Dark: 'Dunkel',
  'High contrast': 'Hoher Kontrast',
  'Teams light': 'Teams hell',
  'Teams dark': 'Teams dunkel',
  'Role centre': 'Rollencenter',
  'Accounts Payable Coordinator': 'Kreditorenbuchhaltung',
  'Vendors and Purchase Invoices': 'Kreditoren und Einkaufsrechnungen',
  'Document Workflow': 'Beleg-Workflow',
  Payments: 'Zahlungen',
  'New Purchase Invoice': 'Neue Einkaufsrechnung',
  'Buy-from Vendor No.': 'Eink. von Kred.-Nr.',
  'Choose a vendor': 'Kreditor auswählen',
  'Vendor Invoice No.': 'Kreditorenrechnungsnr.',
  Create: 'Erstellen',
  Records: 'Datensätze',
  Vendors: 'Kreditoren',
  'Purchase Invoices': 'Einkaufsrechnungen',
  'Posted Purchase Invoices': 'Gebuchte Einkaufsrechnungen',
  'Loading records…': 'Datensätze werden geladen…',
  'Pick a vendor or a purchase invoice': 'Wählen Sie einen Kreditor oder eine Einkaufsrechnung',
  General: 'Allgemein',
  Hint: 'Hinweis',
  "The FactBox on the right shows the record's documents, hosted by the control add-in.":
    'Die Infobox rechts zeigt die Belege des Datensatzes, bereitgestellt vom Steuerelement-Add-In.',
  'In the demo ERP (OData v4, its own service)': 'Im Demo-ERP (OData v4, eigener Dienst)',
  Post: 'Buchen',
  'Control add-in events (what AL receives)': 'Ereignisse des Steuerelement-Add-Ins (was AL empfängt)',
  Documents: 'Belege',
  'Select a record to see its documents.': 'Wählen Sie einen Datensatz aus, um seine Belege zu sehen.',

  // teams.html: the Teams stand-in
  'Microsoft Teams (demo) - Datahaven Documents': 'Microsoft Teams (Demo) – Datahaven Documents',
  'Demo host for Datahaven Documents: it answers the TeamsJS messages of the tab and its configuration page':
    'Demo-Host für Datahaven Documents: Er beantwortet die TeamsJS-Nachrichten der Registerkarte und ihrer Konfigurationsseite',
  'Teams theme': 'Teams-Design',
  Default: 'Standard',
  'Teams and channels': 'Teams und Kanäle',
  Approvals: 'Freigaben',
  'Channel tabs': 'Registerkarten des Kanals',
  Posts: 'Beiträge',
  'Add a tab': 'Registerkarte hinzufügen',
  'Reconfigure tab': 'Registerkarte neu konfigurieren',
  'Tab configuration': 'Konfiguration der Registerkarte',
  Cancel: 'Abbrechen',
  Save: 'Speichern',
  'Datahaven Documents tab': 'Registerkarte Datahaven Documents',
  'This channel has no Datahaven Documents tab yet: Add a tab, pick a queue and Save.':
    'Dieser Kanal hat noch keine Registerkarte Datahaven Documents: Fügen Sie eine Registerkarte hinzu, wählen Sie eine Warteschlange und speichern Sie.',
  Simulator: 'Simulator',
  Activity: 'Aktivität',
  Refresh: 'Aktualisieren',
  "Activity-feed notifications the server sent through Microsoft Graph (the demo's Graph stand-in records them).":
    'Benachrichtigungen im Aktivitätsfeed, die der Server über Microsoft Graph gesendet hat (der Graph-Ersatz der Demo zeichnet sie auf).',
  'Saved tab configuration': 'Gespeicherte Konfiguration der Registerkarte',
  'TeamsJS messages': 'TeamsJS-Nachrichten',

  // outlook.html: the Outlook stand-in
  'Outlook (demo) - Datahaven Documents': 'Outlook (Demo) – Datahaven Documents',
  "Demo host for Datahaven Documents: a stand-in for Office.js runs the add-in's task pane":
    'Demo-Host für Datahaven Documents: Ein Ersatz für Office.js führt den Aufgabenbereich des Add-Ins aus',
  Language: 'Sprache',
  'Office SSO fails (13012)': 'Office-SSO schlägt fehl (13012)',
  'Outlook theme': 'Outlook-Design',
  'New message': 'Neue Nachricht',
  From: 'Von',
  To: 'An',
  Subject: 'Betreff',
  Attachments: 'Anlagen',
  'No attachments.': 'Keine Anlagen.',
  'Remove all attachments': 'Alle Anlagen entfernen',
  'Message body': 'Nachrichtentext',
  'Opened in the browser': 'Im Browser geöffnet',
  Close: 'Schließen',
  'Browser window': 'Browserfenster',
  'Datahaven Documents task pane': 'Aufgabenbereich Datahaven Documents',
  'Open the pane again': 'Den Bereich erneut öffnen',
  Reload: 'Neu laden',

  // The demo Entra ID sign-in page
  'Sign in (demo Microsoft Entra ID)': 'Anmelden (Demo Microsoft Entra ID)',
  'Datahaven Documents asks to sign you in. This demo stand-in asks no password: pick who signs in.':
    'Datahaven Documents möchte Sie anmelden. Dieser Demo-Ersatz fragt nach keinem Kennwort: Wählen Sie, wer sich anmeldet.',
  Account: 'Konto',
  'Sign in': 'Anmelden',
  'Sign-in request refused': 'Anmeldeanforderung abgelehnt',
  'Pick the account to sign in with.': 'Wählen Sie das Konto, mit dem Sie sich anmelden.',
};
