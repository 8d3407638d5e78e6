import type { TeamsTexts } from '../teamsText';

/** TEAMS_TEXT in German, in Microsoft's own Teams terms (Kanal, Registerkarte, Einstellungen). */
export const TEAMS_TEXT_DE: TeamsTexts = {
  configure: {
    heading: 'Wählen Sie, was diese Registerkarte zeigt',
    intro:
      'Wählen Sie eine Freigabewarteschlange oder einen Warteschlangentyp, um alle seine Warteschlangen zu sehen. Aufgeführt sind nur Warteschlangen, die Sie einsehen dürfen.',
    queueLabel: 'Warteschlange',
    placeholder: 'Warteschlange auswählen…',
    allQueuesOf: (typeName: string): string => `Alle Warteschlangen von ${typeName}`,
    loading: 'Ihre Warteschlangen werden geladen…',
    noQueues:
      'Sie dürfen keine Workflow-Warteschlange einsehen, daher kann diese Registerkarte nichts anzeigen. Bitten Sie Ihren Administrator um Zugriff auf eine Warteschlange.',
    nothingChosen: 'Wählen Sie vor dem Speichern eine Warteschlange für diese Registerkarte aus.',
    saveFailed: 'Die Registerkarte konnte nicht gespeichert werden. Versuchen Sie es erneut.',
  },
  app: {
    title: 'Datahaven Documents',
    starting: 'Datahaven Documents wird gestartet…',
  },
  home: {
    title: 'Datahaven Documents in Teams',
    body: 'Diese Registerkarte zeigt die für sie gewählte Freigabewarteschlange. Um eine andere Warteschlange zu wählen, öffnen Sie in Teams das Menü der Registerkarte und wählen Sie „Einstellungen“.',
  },
  notices: {
    notInTeams:
      'Diese Seite funktioniert nur in Microsoft Teams. Fügen Sie Datahaven Documents als Registerkarte zu einem Teams-Kanal hinzu und öffnen Sie sie dort.',
    teamsDidNotAnswer:
      'Microsoft Teams hat nicht rechtzeitig geantwortet. Diese Seite funktioniert nur in einer Microsoft Teams-Registerkarte; laden Sie die Registerkarte neu, um es erneut zu versuchen.',
    configureOutsideSettings:
      'Diese Seite richtet eine Datahaven Documents-Registerkarte ein. Öffnen Sie sie aus Microsoft Teams: Fügen Sie die Registerkarte zu einem Kanal hinzu, oder wählen Sie „Einstellungen“ im Menü der Registerkarte.',
    signInFailed: 'Die Anmeldung bei Datahaven Documents ist fehlgeschlagen. Laden Sie die Registerkarte neu, um es erneut zu versuchen.',
    entraSignInFailed:
      'Die Anmeldung mit Ihrem Microsoft-Konto ist fehlgeschlagen. Laden Sie die Registerkarte neu, um es erneut zu versuchen.',
    tokenExchangeFailed: 'Datahaven Documents konnte Sie nicht mit Ihrem Microsoft-Konto anmelden.',
    settingsFailed:
      'Datahaven Documents konnte seine Microsoft Teams-Einstellungen nicht vom Server lesen. Laden Sie die Registerkarte neu; wenn der Fehler bleibt, wenden Sie sich an Ihren Administrator.',
  },
};
