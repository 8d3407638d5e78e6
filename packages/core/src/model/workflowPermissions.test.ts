import { WORKFLOW_PERMS } from './bitSet';
import { decodeWorkflowPermissions } from './workflowPermissions';

describe('decodeWorkflowPermissions', () => {
  it('expands the bitmask into booleans', () => {
    const perms = decodeWorkflowPermissions(WORKFLOW_PERMS.route | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.viewDocsWithin);
    expect(perms.route).toBe(true);
    expect(perms.approve).toBe(true);
    expect(perms.viewDocsWithin).toBe(true);
    expect(perms.reject).toBe(false);
    expect(perms.accessDocs).toBe(false);
  });

  it('grants nothing for 0 and everything for all bits', () => {
    expect(Object.values(decodeWorkflowPermissions(0)).some(Boolean)).toBe(false);
    const all = Object.values(WORKFLOW_PERMS).reduce((sum, bit) => sum | bit, 0);
    expect(Object.values(decodeWorkflowPermissions(all)).every(Boolean)).toBe(true);
  });

  it('ignores bit 1, which names no permission', () => {
    expect(Object.values(decodeWorkflowPermissions(1)).some(Boolean)).toBe(false);
  });
});
