/// <summary>
/// The FactBox that hosts the Datahaven Documents control add-in for any record. The host page
/// calls SetRecord from OnAfterGetCurrRecord; the part passes the context on to the relay
/// script, answers token requests, opens e-mail drafts in BC's Email Editor, and republishes the
/// iframe's events for subscribers.
/// </summary>
page 50101 "Datahaven Documents Part"
{
    Caption = 'Documents';
    PageType = CardPart;
    Editable = false;
    ApplicationArea = All;

    layout
    {
        area(Content)
        {
            usercontrol(Documents; "Datahaven Documents")
            {
                ApplicationArea = All;

                trigger ControlReady()
                var
                    Setup: Record "Datahaven Setup";
                begin
                    ControlIsReady := true;
                    if not Setup.Get() or (Setup."Base URL" = '') then
                        exit;
                    CurrPage.Documents.SetBaseUrl(Setup."Base URL");
                    if HasRecord then
                        CurrPage.Documents.SetContext(ContextJson());
                end;

                trigger RequestToken()
                var
                    DatahavenToken: Codeunit "Datahaven Token";
                    Token: Text;
                begin
                    // An empty token tells the relay to fail the iframe's request now instead of timing out.
                    if not DatahavenToken.TryGetUserToken(Token) then
                        Token := '';
                    CurrPage.Documents.SetToken(Token);
                end;

                trigger SelectedDocumentsChanged(DocumentIdsJson: Text)
                begin
                    OnSelectedDocumentsChanged(CurrentTableNo, CurrentSystemId, DocumentIdsJson);
                end;

                trigger UploadQueued(UploadJson: Text)
                begin
                    OnUploadQueued(CurrentTableNo, CurrentSystemId, UploadJson);
                end;

                trigger CaptureRequested(RecordJson: Text)
                var
                    Handled: Boolean;
                begin
                    // A capture (BC's incoming-document or scanning integration) subscribes and starts it.
                    // Nobody did: the error answers the iframe 500, which says the request could not be fulfilled.
                    OnCaptureRequested(CurrentTableNo, CurrentSystemId, RecordJson, Handled);
                    if not Handled then
                        Error(CaptureNotHandledErr);
                end;

                trigger EmailDraftRequested(DraftJson: Text)
                var
                    DatahavenEmailDraft: Codeunit "Datahaven Email Draft";
                    RequestId: Integer;
                    ResultJson: Text;
                begin
                    // Fetches the documents with the user's token and opens BC's Email Editor. Always
                    // answer: the relay holds the iframe's request until EmailDraftDone.
                    RequestId := DatahavenEmailDraft.RequestIdOf(DraftJson);
                    ResultJson := DatahavenEmailDraft.CreateAndOpenInEditor(DraftJson);
                    CurrPage.Documents.EmailDraftDone(RequestId, ResultJson);
                end;
            }
        }
    }

    var
        ControlIsReady: Boolean;
        HasRecord: Boolean;
        CurrentTableNo: Integer;
        CurrentSystemId: Guid;
        CurrentTypeName: Text;
        CurrentSourceType: Integer;
        HasSourceType: Boolean;
        IsCapturable: Boolean;
        CaptureNotHandledErr: Label 'No capture is set up for this record.';

    /// <summary>Shows the documents of one record: its table, SystemId and Datahaven type name.</summary>
    procedure SetRecord(TableNo: Integer; SystemId: Guid; TypeName: Text)
    begin
        SetRecordWithSourceType(TableNo, SystemId, TypeName, 0, false);
    end;

    /// <summary>Like SetRecord, for tables whose rows come in kinds (Purchase Header: Document Type).</summary>
    procedure SetRecordWithSourceType(TableNo: Integer; SystemId: Guid; TypeName: Text; SourceType: Integer; UseSourceType: Boolean)
    begin
        if HasRecord and (TableNo = CurrentTableNo) and (SystemId = CurrentSystemId) then
            exit;
        CurrentTableNo := TableNo;
        CurrentSystemId := SystemId;
        CurrentTypeName := TypeName;
        CurrentSourceType := SourceType;
        HasSourceType := UseSourceType;
        HasRecord := not IsNullGuid(SystemId);
        if ControlIsReady and HasRecord then
            CurrPage.Documents.SetContext(ContextJson());
    end;

    /// <summary>
    /// Tells the iframe a record was inserted on the page (a New Card the user opened from a document
    /// was saved): the pending New Card From Document links the document to it.
    /// </summary>
    procedure RecordInserted(TableNo: Integer; SystemId: Guid; TypeName: Text; RecordNo: Text)
    var
        RecordEvent: JsonObject;
        Result: Text;
    begin
        if not ControlIsReady or IsNullGuid(SystemId) then
            exit;
        RecordEvent.Add('eventType', 'insert');
        RecordEvent.Add('typeName', TypeName);
        RecordEvent.Add('tableId', TableNo);
        RecordEvent.Add('dataAreaId', CompanyName());
        RecordEvent.Add('recordId', LowerCase(DelChr(Format(SystemId), '=', '{}')));
        RecordEvent.Add('number', RecordNo);
        RecordEvent.WriteTo(Result);
        CurrPage.Documents.SendRecordEvent(Result);
    end;

    /// <summary>Whether the record in view can be captured: the iframe offers Capture (context isCapturable). Call before SetRecord.</summary>
    procedure SetCapturable(Capturable: Boolean)
    begin
        IsCapturable := Capturable;
    end;

    /// <summary>Asks the iframe to reload the record's folders.</summary>
    procedure Refresh()
    begin
        if ControlIsReady then
            CurrPage.Documents.Refresh();
    end;

    local procedure ContextJson(): Text
    var
        Context: JsonObject;
        Result: Text;
    begin
        Context.Add('dataAreaId', CompanyName());
        Context.Add('recordId', LowerCase(DelChr(Format(CurrentSystemId), '=', '{}')));
        Context.Add('tableId', CurrentTableNo);
        Context.Add('typeName', CurrentTypeName);
        if HasSourceType then
            Context.Add('sourceType', CurrentSourceType);
        Context.Add('clientType', ClientTypeName());
        if IsCapturable then
            Context.Add('isCapturable', true);
        AddLocale(Context);
        Context.WriteTo(Result);
        exit(Result);
    end;

    local procedure AddLocale(var Context: JsonObject)
    var
        Language: Codeunit Language;
    begin
        // The session's language (the add-in's texts) and format region (its dates and amounts), as
        // culture names ('de-DE'); the add-in reads them from GET /context and falls back to English.
        Context.Add('language', Language.GetCultureName(GlobalLanguage()));
        Context.Add('region', Language.GetCultureName(WindowsLanguage()));
    end;

    local procedure ClientTypeName(): Text
    begin
        // The relay refines this with Microsoft.Dynamics.NAV.GetEnvironment().DeviceCategory.
        case CurrentClientType() of
            ClientType::Phone:
                exit('Phone');
            ClientType::Tablet:
                exit('Tablet');
            else
                exit('Desktop');
        end;
    end;

    /// <summary>Raised when the user selects documents in the iframe.</summary>
    [IntegrationEvent(false, false)]
    local procedure OnSelectedDocumentsChanged(TableNo: Integer; SystemId: Guid; DocumentIdsJson: Text)
    begin
    end;

    /// <summary>Raised when the user chose Capture in the iframe; a subscriber starts the capture and sets Handled.</summary>
    [IntegrationEvent(false, false)]
    local procedure OnCaptureRequested(TableNo: Integer; SystemId: Guid; RecordJson: Text; var Handled: Boolean)
    begin
    end;

    /// <summary>Raised when the iframe queued an upload for the record.</summary>
    [IntegrationEvent(false, false)]
    local procedure OnUploadQueued(TableNo: Integer; SystemId: Guid; UploadJson: Text)
    begin
    end;
}
