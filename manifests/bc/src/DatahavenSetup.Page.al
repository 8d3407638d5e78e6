/// <summary>Enter the Datahaven server's base URL and the API key created there.</summary>
page 50100 "Datahaven Setup"
{
    Caption = 'Datahaven Documents Setup';
    PageType = Card;
    SourceTable = "Datahaven Setup";
    UsageCategory = Administration;
    ApplicationArea = All;
    InsertAllowed = false;
    DeleteAllowed = false;

    layout
    {
        area(Content)
        {
            group(Server)
            {
                Caption = 'Server';

                field(BaseUrl; Rec."Base URL")
                {
                    ApplicationArea = All;
                    ToolTip = 'The address of the Datahaven Documents server, for example https://documents.example.com.';
                }
                field(ApiKey; ApiKeyText)
                {
                    ApplicationArea = All;
                    Caption = 'API Key';
                    ExtendedDatatype = Masked;
                    ToolTip = 'The API key created in Datahaven (Security: Manager, POST /api/keys). It is kept in isolated storage and never shown again.';

                    trigger OnValidate()
                    begin
                        Rec.SetApiKey(ApiKeyText);
                        if ApiKeyText <> '' then
                            ApiKeyText := MaskTok;
                    end;
                }
                field(UseAuthenticationEmail; Rec."Use Authentication Email")
                {
                    ApplicationArea = All;
                    ToolTip = 'Name users in Datahaven by their authentication email instead of their Business Central user name.';
                }
            }
            group(Posting)
            {
                Caption = 'Posting';

                field(RequireApprovalToPost; Rec."Require Approval to Post")
                {
                    ApplicationArea = All;
                    ToolTip = 'Refuse to post a purchase invoice whose Datahaven approval status is not Approved. Datahaven writes the status when the invoice document passes its last approval level.';
                }
            }
        }
    }

    actions
    {
        area(Processing)
        {
            action(TestConnection)
            {
                ApplicationArea = All;
                Caption = 'Test Connection';
                Image = TestDatabase;
                ToolTip = 'Mints a token for you on the Datahaven server.';

                trigger OnAction()
                var
                    DatahavenToken: Codeunit "Datahaven Token";
                begin
                    DatahavenToken.GetUserToken();
                    Message(ConnectionOkMsg);
                end;
            }
        }
    }

    var
        [NonDebuggable]
        ApiKeyText: Text;
        MaskTok: Label '********', Locked = true;
        ConnectionOkMsg: Label 'Datahaven Documents answered with a token.';

    trigger OnOpenPage()
    begin
        Rec.GetSetup();
        if Rec.HasApiKey() then
            ApiKeyText := MaskTok;
    end;
}
