/// <summary>
/// Hosts the Datahaven Documents iframe. The relay script creates the iframe and passes
/// messages between AL and it (JSON strings { id, method, path, body }).
/// </summary>
controladdin "Datahaven Documents"
{
    Scripts = 'ControlAddIn/scripts/relay.js';
    StartupScript = 'ControlAddIn/scripts/startup.js';
    StyleSheets = 'ControlAddIn/styles/datahaven.css';

    RequestedHeight = 560;
    MinimumHeight = 320;
    VerticalStretch = true;
    VerticalShrink = true;
    HorizontalStretch = true;
    HorizontalShrink = true;

    /// <summary>The relay is running; AL answers with SetBaseUrl and SetContext.</summary>
    event ControlReady();

    /// <summary>The iframe asked for a fresh user token; AL answers with SetToken.</summary>
    event RequestToken();

    /// <summary>The user selected documents in the iframe; a JSON array of document ids.</summary>
    event SelectedDocumentsChanged(DocumentIdsJson: Text);

    /// <summary>The iframe queued an upload; a JSON object describing the files and the folder.</summary>
    event UploadQueued(UploadJson: Text);

    /// <summary>
    /// The user chose E-mail in the iframe (POST /email-draft): {requestId, docIds, embedAnnotations
    /// (true, false or null = the server's default), emailLinkUrl}. AL answers with EmailDraftDone.
    /// </summary>
    event EmailDraftRequested(DraftJson: Text);

    /// <summary>
    /// Launch Card in the iframe (POST /record/launch): {typeName, dataAreaId, recordId, number, url}.
    /// AL opens the record's card page; an error lets the iframe open the URL instead.
    /// </summary>
    event RecordLaunchRequested(RecordJson: Text);

    /// <summary>A document was linked in the iframe (upward PUT /refresh): {docId, typeName, dataAreaId, recordId}; AL updates the page.</summary>
    event RefreshRequested(LinkJson: Text);

    /// <summary>
    /// Capture in the iframe (POST /record/capture): the record in view, {dataAreaId, recordId, tableId,
    /// typeName, …}. AL starts the capture; an error makes the iframe say 'The request to capture this
    /// record could not be fulfilled.'
    /// </summary>
    event CaptureRequested(RecordJson: Text);

    /// <summary>The Datahaven server's base URL, e.g. https://documents.example.com (no trailing slash).</summary>
    procedure SetBaseUrl(BaseUrl: Text);

    /// <summary>The screen the iframe opens on: '/folders' (default), '/workflow' or '/search'. Call before SetContext.</summary>
    procedure SetStartPath(Path: Text);

    /// <summary>The record in view: {dataAreaId, recordId, tableId, typeName, sourceType, clientType}, and the user's language and format region as culture names (language, region, e.g. 'de-DE').</summary>
    procedure SetContext(ContextJson: Text);

    /// <summary>A user token from /api/token/user; an empty text reports that none could be minted.</summary>
    procedure SetToken(Token: Text);

    /// <summary>Asks the iframe to reload the record's folders.</summary>
    procedure Refresh();

    /// <summary>The page's theme: 'webLight', 'webDark', 'teamsLight', 'teamsDark' or 'teamsHighContrast'; the iframe restyles at once.</summary>
    procedure SetTheme(Theme: Text);

    /// <summary>
    /// A record was inserted on the page (PUT /record/event to the iframe, insert events): {eventType: 'insert',
    /// typeName, tableId, dataAreaId, recordId, number}. A New Card From Document pending for its table links the document to it.
    /// </summary>
    procedure SendRecordEvent(EventJson: Text);

    /// <summary>Ends an EmailDraftRequested: '' when the e-mail editor opened, else JSON {"message": "…"}, which the iframe shows.</summary>
    procedure EmailDraftDone(RequestId: Integer; ResultJson: Text);
}
