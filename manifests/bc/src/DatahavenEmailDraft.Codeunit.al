/// <summary>
/// E-mail from the Datahaven iframe (its parent-frame message POST /email-draft, raised by the
/// relay as EmailDraftRequested): fetches each document with the current user's Datahaven token,
/// GET {Base URL}/api/documents/{id}/data?download=true&amp;urlEncodeFileName=true[&amp;embedAnnotations=],
/// and opens Business Central's Email Editor with them attached (codeunits "Email Message" and
/// "Email"). The link in the request (emailLinkUrl, the .eml) is not fetched: BC builds its own
/// message, and only the setup's base URL ever receives the user's token.
/// Written without an AL compiler at hand: compile and test it before you ship it (README).
/// </summary>
codeunit 50101 "Datahaven Email Draft"
{
    var
        NoDocumentsErr: Label 'The e-mail draft request names no documents.';
        NoSetupErr: Label 'Datahaven Documents is not set up. Open the Datahaven Documents Setup page and enter the base URL and the API key.';
        NoAccountErr: Label 'No e-mail account is set up in Business Central. Set one up on the Email Accounts page.';
        RequestFailedErr: Label 'Datahaven Documents could not be reached: %1', Comment = '%1 = the HTTP client''s error';
        FetchFailedErr: Label 'Document %1 could not be fetched (HTTP %2): %3', Comment = '%1 = document id, %2 = status code, %3 = the server''s message';
        SubjectTxt: Label 'Documents: %1', Comment = '%1 = the attached file names';
        BodyTxt: Label 'Attached from Datahaven Documents.';
        FallbackNameTxt: Label 'document-%1', Locked = true;
        FileNameMarkerTxt: Label 'filename*=UTF-8''''', Locked = true;

    /// <summary>The requestId of a DraftJson (0 when there is none); EmailDraftDone answers with it.</summary>
    procedure RequestIdOf(DraftJson: Text): Integer
    var
        Draft: JsonObject;
        Token: JsonToken;
    begin
        if not Draft.ReadFrom(DraftJson) then
            exit(0);
        if not Draft.Get('requestId', Token) then
            exit(0);
        if not Token.IsValue() then
            exit(0);
        exit(Token.AsValue().AsInteger());
    end;

    /// <summary>
    /// Builds the e-mail for DraftJson and opens it in the Email Editor. Returns '' when the editor
    /// opened, else JSON {"message": "…"} for the iframe's alert (spec §8).
    /// </summary>
    procedure CreateAndOpenInEditor(DraftJson: Text): Text
    var
        EmailAccount: Codeunit "Email Account";
        EmailMessage: Codeunit "Email Message";
        Email: Codeunit Email;
        Names: List of [Text];
        ContentTypes: List of [Text];
        Contents: List of [Text];
        Index: Integer;
    begin
        if not EmailAccount.IsAnyAccountRegistered() then
            exit(ErrorJson(NoAccountErr));
        // Only HTTP and JSON inside the try function: the e-mail message writes records, which a try function may not.
        ClearLastError();
        if not TryFetchDocuments(DraftJson, Names, ContentTypes, Contents) then
            exit(ErrorJson(GetLastErrorText()));
        EmailMessage.Create('', StrSubstNo(SubjectTxt, JoinNames(Names)), BodyTxt, false);
        for Index := 1 to Names.Count() do
            EmailMessage.AddAttachment(CopyStr(Names.Get(Index), 1, 250), CopyStr(ContentTypes.Get(Index), 1, 250), Contents.Get(Index));
        Email.OpenInEditor(EmailMessage);
        exit('');
    end;

    [TryFunction]
    local procedure TryFetchDocuments(DraftJson: Text; var Names: List of [Text]; var ContentTypes: List of [Text]; var Contents: List of [Text])
    var
        Setup: Record "Datahaven Setup";
        DatahavenToken: Codeunit "Datahaven Token";
        Draft: JsonObject;
        DocIds: JsonToken;
        DocId: JsonToken;
        Embed: JsonToken;
        EmbedQuery: Text;
        UserToken: Text;
    begin
        if not Draft.ReadFrom(DraftJson) then
            Error(NoDocumentsErr);
        if not Draft.Get('docIds', DocIds) then
            Error(NoDocumentsErr);
        if not DocIds.IsArray() then
            Error(NoDocumentsErr);
        if DocIds.AsArray().Count() = 0 then
            Error(NoDocumentsErr);
        // null (or absent) leaves embedAnnotations out, so the server's configured default applies.
        if Draft.Get('embedAnnotations', Embed) then
            if Embed.IsValue() then
                if not Embed.AsValue().IsNull() then
                    if Embed.AsValue().AsBoolean() then
                        EmbedQuery := '&embedAnnotations=true'
                    else
                        EmbedQuery := '&embedAnnotations=false';
        if not Setup.Get() then
            Error(NoSetupErr);
        if Setup."Base URL" = '' then
            Error(NoSetupErr);
        UserToken := DatahavenToken.GetUserToken();
        foreach DocId in DocIds.AsArray() do
            FetchDocument(Setup."Base URL", UserToken, DocId.AsValue().AsBigInteger(), EmbedQuery, Names, ContentTypes, Contents);
    end;

    local procedure FetchDocument(BaseUrl: Text; UserToken: Text; DocId: BigInteger; EmbedQuery: Text; var Names: List of [Text]; var ContentTypes: List of [Text]; var Contents: List of [Text])
    var
        Base64Convert: Codeunit "Base64 Convert";
        Client: HttpClient;
        Request: HttpRequestMessage;
        Response: HttpResponseMessage;
        RequestHeaders: HttpHeaders;
        ContentHeaders: HttpHeaders;
        Values: List of [Text];
        Body: InStream;
        ErrorBody: Text;
        FileName: Text;
        ContentType: Text;
    begin
        Request.Method := 'GET';
        Request.SetRequestUri(BaseUrl + '/api/documents/' + Format(DocId, 0, 9) + '/data?download=true&urlEncodeFileName=true' + EmbedQuery);
        Request.GetHeaders(RequestHeaders);
        RequestHeaders.Add('Authorization', 'Bearer ' + UserToken);
        Client.Timeout := 120000;
        if not Client.Send(Request, Response) then
            Error(RequestFailedErr, GetLastErrorText());
        if not Response.IsSuccessStatusCode() then begin
            Response.Content().ReadAs(ErrorBody);
            Error(FetchFailedErr, Format(DocId, 0, 9), Response.HttpStatusCode(), MessageOf(ErrorBody));
        end;

        Response.Content().GetHeaders(ContentHeaders);
        FileName := StrSubstNo(FallbackNameTxt, Format(DocId, 0, 9));
        if ContentHeaders.GetValues('Content-Disposition', Values) then
            if Values.Count() > 0 then
                FileName := FileNameOf(Values.Get(1), FileName);
        ContentType := 'application/octet-stream';
        Clear(Values);
        if ContentHeaders.GetValues('Content-Type', Values) then
            if Values.Count() > 0 then
                ContentType := Values.Get(1);

        Response.Content().ReadAs(Body);
        Names.Add(FileName);
        ContentTypes.Add(ContentType);
        Contents.Add(Base64Convert.ToBase64(Body));
    end;

    /// <summary>The RFC 6266 filename* of a Content-Disposition (the server always sends it), else Fallback.</summary>
    local procedure FileNameOf(Disposition: Text; Fallback: Text): Text
    var
        Uri: Codeunit Uri;
        Position: Integer;
        Value: Text;
    begin
        Position := StrPos(LowerCase(Disposition), LowerCase(FileNameMarkerTxt));
        if Position = 0 then
            exit(Fallback);
        Value := CopyStr(Disposition, Position + StrLen(FileNameMarkerTxt));
        if StrPos(Value, ';') > 0 then
            Value := CopyStr(Value, 1, StrPos(Value, ';') - 1);
        Value := Uri.UnescapeDataString(Value.Trim());
        if Value = '' then
            exit(Fallback);
        exit(Value);
    end;

    /// <summary>The message of the server's error body {"message": "…"}, else the body itself.</summary>
    local procedure MessageOf(Body: Text): Text
    var
        Parsed: JsonObject;
        Token: JsonToken;
    begin
        if Parsed.ReadFrom(Body) then
            if Parsed.Get('message', Token) then
                if Token.IsValue() then
                    exit(Token.AsValue().AsText());
        exit(Body);
    end;

    local procedure ErrorJson(MessageText: Text): Text
    var
        Result: JsonObject;
        ResultText: Text;
    begin
        Result.Add('message', MessageText);
        Result.WriteTo(ResultText);
        exit(ResultText);
    end;

    local procedure JoinNames(Names: List of [Text]): Text
    var
        Name: Text;
        Joined: Text;
    begin
        foreach Name in Names do
            if Joined = '' then
                Joined := Name
            else
                Joined += ', ' + Name;
        exit(CopyStr(Joined, 1, 200));
    end;
}
