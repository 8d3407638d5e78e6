/// <summary>Shows the posted invoice's Datahaven documents in a FactBox on the Posted Purchase Invoice page (page 138).</summary>
pageextension 50102 "Datahaven Posted Purch. Inv." extends "Posted Purchase Invoice"
{
    layout
    {
        addfirst(FactBoxes)
        {
            part(DatahavenDocuments; "Datahaven Documents Part")
            {
                ApplicationArea = All;
                Caption = 'Documents';
            }
        }
    }

    trigger OnAfterGetCurrRecord()
    begin
        // Table 122 'Purch. Inv. Header': the documents of the purchase invoice moved here when it was
        // posted (codeunit "Datahaven Posting Events").
        CurrPage.DatahavenDocuments.Page.SetRecord(Database::"Purch. Inv. Header", Rec.SystemId, PurchInvHeaderTypeNameTok);
    end;

    var
        PurchInvHeaderTypeNameTok: Label 'bc:Microsoft.NAV.PurchInvHeader', Locked = true;
}
