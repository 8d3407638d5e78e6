/// <summary>Shows the vendor's Datahaven documents in a FactBox on the Vendor Card (page 26).</summary>
pageextension 50100 "Datahaven Vendor Card" extends "Vendor Card"
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
        CurrPage.DatahavenDocuments.Page.SetRecord(Database::Vendor, Rec.SystemId, VendorTypeNameTok);
    end;

    var
        VendorTypeNameTok: Label 'bc:Microsoft.NAV.Vendor', Locked = true;
}
