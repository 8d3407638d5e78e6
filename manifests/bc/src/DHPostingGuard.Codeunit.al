/// <summary>
/// Refuses to post a purchase invoice that Datahaven Documents has not approved, when the setup
/// switch "Require Approval to Post" is on: subscribes to Purch.-Post's OnBeforePostPurchaseDoc,
/// so every way of posting (the Post action, batch posting, the job queue) meets it. A preview
/// posts nothing and is let through. Other document types (orders, credit memos) are not checked.
/// </summary>
codeunit 50103 "DH Posting Guard"
{
    // Every posting user meets the guard, not only Datahaven's users: it reads the setup on their behalf.
    Permissions = tabledata "Datahaven Setup" = r;

    var
        NotApprovedErr: Label 'Purchase invoice %1 cannot be posted: it is not approved in Datahaven Documents (approval status: %2).', Comment = '%1 = the invoice''s No., %2 = its Datahaven approval status';
        NoStatusTxt: Label 'none';

    [EventSubscriber(ObjectType::Codeunit, Codeunit::"Purch.-Post", 'OnBeforePostPurchaseDoc', '', false, false)]
    local procedure OnBeforePostPurchaseDoc(var PurchaseHeader: Record "Purchase Header"; PreviewMode: Boolean)
    begin
        if PreviewMode then
            exit;
        CheckApproved(PurchaseHeader);
    end;

    /// <summary>Raises the refusal when the setup requires approval and the purchase invoice's Datahaven approval status is not Approved.</summary>
    procedure CheckApproved(PurchaseHeader: Record "Purchase Header")
    var
        Setup: Record "Datahaven Setup";
    begin
        if PurchaseHeader."Document Type" <> PurchaseHeader."Document Type"::Invoice then
            exit;
        if not Setup.Get() then
            exit;
        if not Setup."Require Approval to Post" then
            exit;
        if PurchaseHeader."DH Approval Status" = PurchaseHeader."DH Approval Status"::Approved then
            exit;
        Error(NotApprovedErr, PurchaseHeader."No.", StatusCaption(PurchaseHeader."DH Approval Status"));
    end;

    local procedure StatusCaption(Status: Enum "DH Approval Status"): Text
    begin
        if Status = Enum::"DH Approval Status"::" " then
            exit(NoStatusTxt);
        exit(Format(Status));
    end;
}
