/// <summary>Shows the invoice's Datahaven documents in a FactBox on the Purchase Invoice page (page 51), and its Datahaven approval status.</summary>
pageextension 50101 "Datahaven Purchase Invoice" extends "Purchase Invoice"
{
    layout
    {
        addlast(General)
        {
            field(DHApprovalStatus; Rec."DH Approval Status")
            {
                ApplicationArea = All;
                ToolTip = 'The approval status Datahaven Documents wrote for this invoice: Pending Approval while its document is in the approval workflow, Approved after the last approval level, Rejected when rejected. With Require Datahaven Approval to Post on the Datahaven Documents Setup page, only an Approved invoice posts.';
            }
        }
        addfirst(FactBoxes)
        {
            part(DatahavenDocuments; "Datahaven Documents Part")
            {
                ApplicationArea = All;
                Caption = 'Documents';
            }
        }
    }

    trigger OnNewRecord(BelowxRec: Boolean)
    begin
        AwaitingInsert := true;
    end;

    trigger OnAfterGetCurrRecord()
    begin
        // Purchase Header holds quotes, orders and invoices alike: the document type is the source type (Invoice = 2).
        CurrPage.DatahavenDocuments.Page.SetRecordWithSourceType(
            Database::"Purchase Header", Rec.SystemId, PurchaseHeaderTypeNameTok, Rec."Document Type".AsInteger(), true);
        // The new invoice is saved (it has its SystemId): a New Card From Document waiting for it links the document.
        if AwaitingInsert and not IsNullGuid(Rec.SystemId) then begin
            AwaitingInsert := false;
            CurrPage.DatahavenDocuments.Page.RecordInserted(Database::"Purchase Header", Rec.SystemId, PurchaseHeaderTypeNameTok, Rec."No.");
        end;
    end;

    var
        AwaitingInsert: Boolean;
        PurchaseHeaderTypeNameTok: Label 'bc:Microsoft.NAV.PurchaseHeader', Locked = true;
}
