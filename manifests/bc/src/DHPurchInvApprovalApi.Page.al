/// <summary>
/// The API through which the Datahaven server reads and writes a purchase invoice's approval
/// status: GET and PATCH {BC environment}/api/datahaven/documents/v1.0/companies({id})/purchaseInvoiceApprovals({SystemId}),
/// beside BC's own /api/v2.0, with the same app registration (permission set "Datahaven API").
/// A PATCH sends If-Match with the record's @odata.etag, so a status changed in BC since Datahaven
/// read it is never overwritten. `approvalStatus` is '' (none), 'Pending Approval', 'Approved' or
/// 'Rejected'; any other value is refused in words.
/// </summary>
page 50103 "DH Purch. Inv. Approval API"
{
    PageType = API;
    APIPublisher = 'datahaven';
    APIGroup = 'documents';
    APIVersion = 'v1.0';
    EntityName = 'purchaseInvoiceApproval';
    EntitySetName = 'purchaseInvoiceApprovals';
    EntityCaption = 'Purchase Invoice Approval';
    EntitySetCaption = 'Purchase Invoice Approvals';
    SourceTable = "Purchase Header";
    SourceTableView = where("Document Type" = const(Invoice));
    ODataKeyFields = SystemId;
    DelayedInsert = true;
    InsertAllowed = false;
    DeleteAllowed = false;
    ModifyAllowed = true;
    Extensible = false;

    layout
    {
        area(Content)
        {
            repeater(Records)
            {
                field(id; Rec.SystemId)
                {
                    Caption = 'Id';
                    Editable = false;
                }
                field(number; Rec."No.")
                {
                    Caption = 'No.';
                    Editable = false;
                }
                field(approvalStatus; ApprovalStatusText)
                {
                    Caption = 'Approval Status';

                    trigger OnValidate()
                    begin
                        Rec."DH Approval Status" := StatusOf(ApprovalStatusText);
                    end;
                }
                field(lastModifiedDateTime; Rec.SystemModifiedAt)
                {
                    Caption = 'Last Modified Date Time';
                    Editable = false;
                }
            }
        }
    }

    var
        ApprovalStatusText: Text[30];
        PendingApprovalTok: Label 'Pending Approval', Locked = true;
        ApprovedTok: Label 'Approved', Locked = true;
        RejectedTok: Label 'Rejected', Locked = true;
        UnknownStatusErr: Label 'The value ''%1'' of ''approvalStatus'' is not one of '''', ''Pending Approval'', ''Approved'', ''Rejected''.', Comment = '%1 = the value sent';

    trigger OnAfterGetRecord()
    begin
        ApprovalStatusText := TextOf(Rec."DH Approval Status");
    end;

    local procedure TextOf(Status: Enum "DH Approval Status"): Text[30]
    begin
        case Status of
            Enum::"DH Approval Status"::"Pending Approval":
                exit(PendingApprovalTok);
            Enum::"DH Approval Status"::Approved:
                exit(ApprovedTok);
            Enum::"DH Approval Status"::Rejected:
                exit(RejectedTok);
        end;
        exit('');
    end;

    local procedure StatusOf(Value: Text): Enum "DH Approval Status"
    begin
        if Value = '' then
            exit(Enum::"DH Approval Status"::" ");
        if Value = PendingApprovalTok then
            exit(Enum::"DH Approval Status"::"Pending Approval");
        if Value = ApprovedTok then
            exit(Enum::"DH Approval Status"::Approved);
        if Value = RejectedTok then
            exit(Enum::"DH Approval Status"::Rejected);
        Error(UnknownStatusErr, Value);
    end;
}
