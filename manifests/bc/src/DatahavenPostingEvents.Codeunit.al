/// <summary>
/// Documents follow a posted purchase invoice: when Business Central posts a purchase invoice
/// (codeunit "Purch.-Post", OnAfterPostPurchaseDoc), the draft's Purchase Header is deleted and a
/// Purch. Inv. Header takes its place. This subscriber tells Datahaven which posted invoice the
/// draft became, with the posting user's token:
///   PUT {Base URL}/api/record-events/posted
///   { typeName, dataAreaId, recordId, postedTypeName, postedRecordId }
/// Datahaven reads the posted invoice back from BC, checks that it comes from that draft, and moves
/// the draft's document links to it. A failure never stops the posting: it is logged as telemetry
/// and the documents stay on the draft's links until the event is sent again (Resend).
/// </summary>
codeunit 50102 "Datahaven Posting Events"
{
    var
        PurchaseHeaderTypeNameTok: Label 'bc:Microsoft.NAV.PurchaseHeader', Locked = true;
        PurchInvHeaderTypeNameTok: Label 'bc:Microsoft.NAV.PurchInvHeader', Locked = true;
        EventFailedTxt: Label 'Datahaven Documents did not take the posting of %1 as %2: %3', Comment = '%1 = draft no., %2 = posted no., %3 = reason', Locked = true;

    [EventSubscriber(ObjectType::Codeunit, Codeunit::"Purch.-Post", 'OnAfterPostPurchaseDoc', '', false, false)]
    local procedure OnAfterPostPurchaseDoc(var PurchaseHeader: Record "Purchase Header"; var GenJnlPostLine: Codeunit "Gen. Jnl.-Post Line"; PurchRcpHdrNo: Code[20]; RetShptHdrNo: Code[20]; PurchInvHdrNo: Code[20]; PurchCrMemoHdrNo: Code[20]; CommitIsSupressed: Boolean)
    var
        PurchInvHeader: Record "Purch. Inv. Header";
    begin
        // A preview or a caller that commits later may still roll the posting back: nothing to report yet.
        if PurchaseHeader.IsTemporary() or CommitIsSupressed or (PurchInvHdrNo = '') then
            exit;
        if not PurchInvHeader.Get(PurchInvHdrNo) then
            exit;
        // The draft's SystemId is gone with the draft; the posted header keeps it as "Draft Invoice SystemId".
        if not TrySend(PurchInvHeader."Draft Invoice SystemId", PurchInvHeader.SystemId) then
            Session.LogMessage('DHDOC0001', StrSubstNo(EventFailedTxt, PurchaseHeader."No.", PurchInvHdrNo, GetLastErrorText()), Verbosity::Warning, DataClassification::SystemMetadata, TelemetryScope::ExtensionPublisher, 'Category', 'Datahaven');
    end;

    /// <summary>Sends the posting of a purchase invoice again, e.g. after Datahaven was unreachable while it was posted.</summary>
    procedure Resend(PurchInvHeader: Record "Purch. Inv. Header")
    begin
        Send(PurchInvHeader."Draft Invoice SystemId", PurchInvHeader.SystemId);
    end;

    [TryFunction]
    local procedure TrySend(DraftSystemId: Guid; PostedSystemId: Guid)
    begin
        Send(DraftSystemId, PostedSystemId);
    end;

    local procedure Send(DraftSystemId: Guid; PostedSystemId: Guid)
    var
        Setup: Record "Datahaven Setup";
        DatahavenToken: Codeunit "Datahaven Token";
        Client: HttpClient;
        Request: HttpRequestMessage;
        Response: HttpResponseMessage;
        Content: HttpContent;
        ContentHeaders: HttpHeaders;
        Headers: HttpHeaders;
        Body: JsonObject;
        BodyText: Text;
        Answer: Text;
    begin
        if IsNullGuid(DraftSystemId) then
            exit;
        Setup.Get();
        Body.Add('typeName', PurchaseHeaderTypeNameTok);
        Body.Add('dataAreaId', CompanyName());
        Body.Add('recordId', GuidText(DraftSystemId));
        Body.Add('postedTypeName', PurchInvHeaderTypeNameTok);
        Body.Add('postedRecordId', GuidText(PostedSystemId));
        Body.WriteTo(BodyText);

        Content.WriteFrom(BodyText);
        Content.GetHeaders(ContentHeaders);
        ContentHeaders.Remove('Content-Type');
        ContentHeaders.Add('Content-Type', 'application/json');
        Request.Method := 'PUT';
        Request.SetRequestUri(Setup."Base URL" + '/api/record-events/posted');
        Request.Content := Content;
        Request.GetHeaders(Headers);
        Headers.Add('Authorization', 'Bearer ' + DatahavenToken.GetUserToken());
        Client.Timeout := 10000;
        if not Client.Send(Request, Response) then
            Error(GetLastErrorText());
        if not Response.IsSuccessStatusCode() then begin
            Response.Content().ReadAs(Answer);
            Error('HTTP %1 %2', Response.HttpStatusCode(), Answer);
        end;
    end;

    local procedure GuidText(Value: Guid): Text
    begin
        // Datahaven keys records by SystemId in lower case, without braces (as the FactBox context).
        exit(LowerCase(DelChr(Format(Value), '=', '{}')));
    end;
}
