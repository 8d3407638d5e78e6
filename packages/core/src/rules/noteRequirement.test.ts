import { FEATURES1 } from '../model';
import { MESSAGES } from './messages';
import {
  approveNoteRequirement,
  combineNoteRequirements,
  rejectNoteRequirement,
  routeNoteRequirement,
  validateWorkflowNote,
  type NoteQueue,
} from './noteRequirement';

const queue = (name: string, features1 = 0, defaults: Partial<NoteQueue> = {}): NoteQueue => ({
  name,
  features1,
  features2: 0,
  ...defaults,
});
const required = { required: true, message: 'A note is required to submit.' };

describe('note requirements', () => {
  it('approve requires a note from the queue default defaultApproveRequiresNote', () => {
    expect(approveNoteRequirement(queue('L1', 0, { defaultApproveRequiresNote: true }))).toEqual(required);
    expect(approveNoteRequirement(queue('L1', 0, { defaultRejectRequiresNote: true }))).toEqual({ required: false });
  });

  it("approve requires a note from ApproveFromNoteRequired (and the target's ApproveToNoteRequired)", () => {
    expect(approveNoteRequirement(queue('L1', FEATURES1.ApproveFromNoteRequired))).toEqual(required);
    expect(approveNoteRequirement(queue('L1'), queue('L2', FEATURES1.ApproveToNoteRequired))).toEqual(required);
    expect(approveNoteRequirement(queue('L1', FEATURES1.RejectFromNoteRequired | FEATURES1.ApproveToNoteRequired))).toEqual({
      required: false,
    });
  });

  it('reject requires a note from the queue default defaultRejectRequiresNote', () => {
    expect(rejectNoteRequirement(queue('L1', 0, { defaultRejectRequiresNote: true }))).toEqual(required);
    expect(rejectNoteRequirement(queue('L1', 0, { defaultApproveRequiresNote: true }))).toEqual({ required: false });
  });

  it("reject requires a note from RejectFromNoteRequired (and the target's RejectToNoteRequired)", () => {
    expect(rejectNoteRequirement(queue('L1', FEATURES1.RejectFromNoteRequired))).toEqual(required);
    expect(rejectNoteRequirement(queue('L1'), queue('Rejected', FEATURES1.RejectToNoteRequired))).toEqual(required);
    expect(rejectNoteRequirement(queue('L1', FEATURES1.ApproveFromNoteRequired))).toEqual({ required: false });
  });

  it('route requires a note when the source queue sets RouteFromNoteRequired', () => {
    expect(
      routeNoteRequirement(queue('AP Review', FEATURES1.RouteFromNoteRequired), queue('Approved', FEATURES1.RouteToNoteRequired)),
    ).toEqual({ required: true, message: 'A note is required to route the selected documents from the queue AP Review' });
  });

  it('route requires a note when the target queue sets RouteToNoteRequired', () => {
    expect(routeNoteRequirement(queue('AP Review'), queue('Approved', FEATURES1.RouteToNoteRequired))).toEqual({
      required: true,
      message: 'A note is required to route the selected documents to the queue Approved',
    });
    expect(
      routeNoteRequirement(queue('AP Review', FEATURES1.RouteToNoteRequired), queue('Approved', FEATURES1.RouteFromNoteRequired)),
    ).toEqual({ required: false });
  });

  it('a multi-selection needs a note when any of its queues does', () => {
    expect(combineNoteRequirements([{ required: false }, required])).toEqual(required);
    expect(combineNoteRequirements([{ required: false }])).toEqual({ required: false });
    expect(combineNoteRequirements([])).toEqual({ required: false });
  });
});

describe('validateWorkflowNote', () => {
  it("refuses a blank note with the requirement's message, accepts it when none is required", () => {
    const route = { required: true as const, message: 'A note is required to route the selected documents to the queue Approved' };
    expect(validateWorkflowNote(route, '   ')).toEqual({ valid: false, message: route.message });
    expect(validateWorkflowNote(route, null)).toEqual({ valid: false, message: route.message });
    expect(validateWorkflowNote({ required: false }, '')).toEqual({ valid: true });
    expect(validateWorkflowNote(route, 'checked with vendor')).toEqual({ valid: true });
  });

  it('limits any note to 4000 characters', () => {
    expect(validateWorkflowNote({ required: false }, 'x'.repeat(4000))).toEqual({ valid: true });
    expect(validateWorkflowNote({ required: false }, 'x'.repeat(4001))).toEqual({ valid: false, message: MESSAGES.noteTooLong });
  });
});
