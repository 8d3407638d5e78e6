/// <summary>
/// Where the Datahaven server is and how users are named there. The API key is never stored
/// in this table: it lives in IsolatedStorage (module scope) as SecretText. "Require Approval to
/// Post" makes codeunit "DH Posting Guard" refuse purchase invoices not approved in Datahaven.
/// </summary>
table 50100 "Datahaven Setup"
{
    Caption = 'Datahaven Documents Setup';
    DataClassification = CustomerContent;
    DataPerCompany = false;

    fields
    {
        field(1; "Primary Key"; Code[10])
        {
            Caption = 'Primary Key';
        }
        field(2; "Base URL"; Text[250])
        {
            Caption = 'Base URL';
            ExtendedDatatype = URL;

            trigger OnValidate()
            begin
                "Base URL" := CopyStr(DelChr("Base URL", '>', '/'), 1, MaxStrLen("Base URL"));
                if ("Base URL" <> '') and not "Base URL".StartsWith('https://') then
                    Error(HttpsRequiredErr);
            end;
        }
        field(3; "Use Authentication Email"; Boolean)
        {
            Caption = 'Use Authentication Email as User Name';
        }
        field(4; "Require Approval to Post"; Boolean)
        {
            Caption = 'Require Datahaven Approval to Post';
        }
    }

    keys
    {
        key(PK; "Primary Key")
        {
            Clustered = true;
        }
    }

    var
        ApiKeyStorageKeyTok: Label 'DatahavenApiKey', Locked = true;
        HttpsRequiredErr: Label 'The base URL must start with https://.';

    /// <summary>Reads the setup record, creating it empty on first use.</summary>
    procedure GetSetup()
    begin
        if not Get() then begin
            Init();
            Insert();
        end;
    end;

    /// <summary>Stores the API key created in Datahaven (POST /api/keys) in IsolatedStorage.</summary>
    procedure SetApiKey(ApiKey: SecretText)
    begin
        if ApiKey.IsEmpty() then begin
            if IsolatedStorage.Contains(ApiKeyStorageKeyTok, DataScope::Module) then
                IsolatedStorage.Delete(ApiKeyStorageKeyTok, DataScope::Module);
            exit;
        end;
        IsolatedStorage.Set(ApiKeyStorageKeyTok, ApiKey, DataScope::Module);
    end;

    /// <summary>The stored API key; empty when none was entered.</summary>
    procedure GetApiKey() ApiKey: SecretText
    begin
        if IsolatedStorage.Contains(ApiKeyStorageKeyTok, DataScope::Module) then
            IsolatedStorage.Get(ApiKeyStorageKeyTok, DataScope::Module, ApiKey);
    end;

    /// <summary>Whether an API key is stored (the key itself is never shown again).</summary>
    procedure HasApiKey(): Boolean
    begin
        exit(IsolatedStorage.Contains(ApiKeyStorageKeyTok, DataScope::Module));
    end;
}
