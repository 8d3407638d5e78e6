/// <summary>
/// The approval workflow in a page of its own: queue types, queues and their documents, approve,
/// reject, route and lock. Found through Tell Me ("Document Workflow") and the role centre's
/// Tasks. The control add-in opens the iframe on /workflow with the company as its only context.
/// </summary>
page 50102 "Datahaven Workflow"
{
    Caption = 'Document Workflow';
    PageType = Card;
    UsageCategory = Tasks;
    ApplicationArea = All;
    Editable = false;
    InsertAllowed = false;
    DeleteAllowed = false;

    layout
    {
        area(Content)
        {
            usercontrol(Workflow; "Datahaven Documents")
            {
                ApplicationArea = All;

                trigger ControlReady()
                var
                    Setup: Record "Datahaven Setup";
                begin
                    if not Setup.Get() or (Setup."Base URL" = '') then
                        Error(SetupMissingErr);
                    CurrPage.Workflow.SetBaseUrl(Setup."Base URL");
                    CurrPage.Workflow.SetStartPath('/workflow');
                    CurrPage.Workflow.SetContext(ContextJson());
                end;

                trigger RequestToken()
                var
                    DatahavenToken: Codeunit "Datahaven Token";
                    Token: Text;
                begin
                    // An empty token tells the relay to fail the iframe's request now instead of timing out.
                    if not DatahavenToken.TryGetUserToken(Token) then
                        Token := '';
                    CurrPage.Workflow.SetToken(Token);
                end;
            }
        }
    }

    var
        SetupMissingErr: Label 'Datahaven Documents is not set up. Open Datahaven Setup and enter the base URL.';

    local procedure ContextJson(): Text
    var
        Context: JsonObject;
        Result: Text;
    begin
        // No record: the workflow spans the company's queues.
        Context.Add('dataAreaId', CompanyName());
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
}
