/// <summary>Shows the invoice's Datahaven documents in a FactBox on the Purchase Invoice page (page 51).</summary>
pageextension 50101 "Datahaven Purchase Invoice" extends "Purchase Invoice"
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
        // Purchase Header holds quotes, orders and invoices alike: the document type is the source type (Invoice = 2).
        CurrPage.DatahavenDocuments.Page.SetRecordWithSourceType(
            Database::"Purchase Header", Rec.SystemId, PurchaseHeaderTypeNameTok, Rec."Document Type".AsInteger(), true);
    end;

    var
        PurchaseHeaderTypeNameTok: Label 'bc:Microsoft.NAV.PurchaseHeader', Locked = true;
}
