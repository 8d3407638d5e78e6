/// <summary>Lets users see the Datahaven Documents FactBox and administrators set it up.</summary>
permissionset 50100 "Datahaven Docs"
{
    Caption = 'Datahaven Documents';
    Assignable = true;
    Permissions =
        tabledata "Datahaven Setup" = R,
        table "Datahaven Setup" = X,
        codeunit "Datahaven Token" = X,
        codeunit "Datahaven Email Draft" = X,
        codeunit "Datahaven Posting Events" = X,
        codeunit "DH Posting Guard" = X,
        page "Datahaven Documents Part" = X,
        page "Datahaven Workflow" = X;
}

/// <summary>Setup of Datahaven Documents: the base URL and the API key.</summary>
permissionset 50101 "Datahaven Docs Admin"
{
    Caption = 'Datahaven Documents Admin';
    Assignable = true;
    IncludedPermissionSets = "Datahaven Docs";
    Permissions =
        tabledata "Datahaven Setup" = RIMD,
        page "Datahaven Setup" = X;
}

/// <summary>
/// For the Datahaven server's own app registration (Microsoft Entra Applications): reads and
/// writes purchase invoices' Datahaven approval status through the API page "DH Purch. Inv.
/// Approval API", beside what it reads through BC's API v2.0.
/// </summary>
permissionset 50102 "Datahaven API"
{
    Caption = 'Datahaven Documents API';
    Assignable = true;
    Permissions =
        tabledata "Purchase Header" = RM,
        page "DH Purch. Inv. Approval API" = X;
}
