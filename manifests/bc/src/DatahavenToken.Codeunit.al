/// <summary>
/// Mints a Datahaven user token for the current user, as an ERP's server does:
/// GET {Base URL}/api/token/user?type=apikey&amp;auth={user} with the X-Api-Key header.
/// The token travels to the iframe through the control add-in (SetToken); the API key never does.
/// </summary>
codeunit 50100 "Datahaven Token"
{
    var
        NoSetupErr: Label 'Datahaven Documents is not set up. Open the Datahaven Documents Setup page and enter the base URL and the API key.';
        RequestFailedErr: Label 'Datahaven Documents could not be reached: %1', Comment = '%1 = the HTTP client''s error';
        TokenRefusedErr: Label 'Datahaven Documents refused to issue a token for %1 (HTTP %2).', Comment = '%1 = user name, %2 = status code';

    /// <summary>A fresh token for the current user; raises an error when none can be minted.</summary>
    procedure GetUserToken(): Text
    var
        Setup: Record "Datahaven Setup";
        Client: HttpClient;
        Request: HttpRequestMessage;
        Response: HttpResponseMessage;
        Headers: HttpHeaders;
        UserName: Text;
        Token: Text;
    begin
        if not Setup.Get() or (Setup."Base URL" = '') or not Setup.HasApiKey() then
            Error(NoSetupErr);

        UserName := DatahavenUserName(Setup);
        Request.Method := 'GET';
        Request.SetRequestUri(Setup."Base URL" + '/api/token/user?type=apikey&auth=' + UrlEncode(UserName));
        Request.GetHeaders(Headers);
        Headers.Add('X-Api-Key', Setup.GetApiKey());
        Client.Timeout := 10000;

        if not Client.Send(Request, Response) then
            Error(RequestFailedErr, GetLastErrorText());
        if not Response.IsSuccessStatusCode() then
            Error(TokenRefusedErr, UserName, Response.HttpStatusCode());

        Response.Content().ReadAs(Token);
        exit(Token.Trim());
    end;

    /// <summary>Like GetUserToken, but returns false instead of raising an error.</summary>
    [TryFunction]
    procedure TryGetUserToken(var Token: Text)
    begin
        Token := GetUserToken();
    end;

    local procedure DatahavenUserName(Setup: Record "Datahaven Setup"): Text
    var
        User: Record User;
    begin
        if Setup."Use Authentication Email" then
            if User.Get(UserSecurityId()) then
                if User."Authentication Email" <> '' then
                    exit(User."Authentication Email");
        exit(UserId());
    end;

    local procedure UrlEncode(Value: Text): Text
    var
        Uri: Codeunit Uri;
    begin
        exit(Uri.EscapeDataString(Value));
    end;
}
