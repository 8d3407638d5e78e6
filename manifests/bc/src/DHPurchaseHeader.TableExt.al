/// <summary>
/// The Datahaven approval status on the Purchase Header (table 38): set by the Datahaven server
/// (API page "DH Purch. Inv. Approval API"), read by codeunit "DH Posting Guard" before posting.
/// Not editable on pages: the status follows the decisions made in Datahaven's workflow.
/// </summary>
tableextension 50100 "DH Purchase Header" extends "Purchase Header"
{
    fields
    {
        field(50100; "DH Approval Status"; Enum "DH Approval Status")
        {
            Caption = 'Datahaven Approval Status';
            DataClassification = CustomerContent;
            Editable = false;
        }
    }
}
