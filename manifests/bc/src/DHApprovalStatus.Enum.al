/// <summary>
/// A purchase invoice's approval status in Datahaven Documents: written by the Datahaven server
/// through the API page "DH Purch. Inv. Approval API" when its invoice document enters workflow
/// (Pending Approval), passes the last approval level (Approved) or is rejected (Rejected). Blank
/// until Datahaven decided anything. The API page serves the captions as they are.
/// </summary>
enum 50100 "DH Approval Status"
{
    Caption = 'Datahaven Approval Status';
    Extensible = false;

    value(0; " ")
    {
        Caption = ' ', Locked = true;
    }
    value(1; "Pending Approval")
    {
        Caption = 'Pending Approval';
    }
    value(2; Approved)
    {
        Caption = 'Approved';
    }
    value(3; Rejected)
    {
        Caption = 'Rejected';
    }
}
