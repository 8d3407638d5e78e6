import { memoryStorage } from '../host';
import { readFeatureFlags } from './FeatureFlags';
import { WORKFLOW_STORAGE_KEYS, WorkflowPreferences, clampPaneSize } from './WorkflowPreferences';

describe('WorkflowPreferences', () => {
  it('defaults to workflow2, empty queues shown, a 50 % pane, autoview on and no column overrides', () => {
    const preferences = new WorkflowPreferences(memoryStorage());
    expect(preferences.interfaceVersion()).toBe('workflow2');
    expect(preferences.hideEmptyQueues()).toBe(false);
    expect(preferences.paneSize()).toBe(50);
    expect(preferences.autoview()).toBe(true);
    expect(preferences.columnOverrides()).toEqual({ widths: {}, sort: null });
  });

  it('keeps what was stored, the pane size between 10 % and 90 %', () => {
    const storage = memoryStorage();
    const preferences = new WorkflowPreferences(storage);
    preferences.setInterfaceVersion('workflow1');
    preferences.setHideEmptyQueues(true);
    preferences.setPaneSize(3);
    preferences.setAutoview(false);
    preferences.setColumnOverrides({ widths: { name: 300 }, sort: { key: 'name', desc: true } });
    const again = new WorkflowPreferences(storage);
    expect(again.interfaceVersion()).toBe('workflow1');
    expect(again.hideEmptyQueues()).toBe(true);
    expect(again.paneSize()).toBe(10);
    expect(again.autoview()).toBe(false);
    expect(again.columnOverrides()).toEqual({ widths: { name: 300 }, sort: { key: 'name', desc: true } });
    expect(clampPaneSize(99)).toBe(90);
    expect(clampPaneSize(Number.NaN)).toBe(50);
  });

  it('ignores unreadable column overrides and unknown interface versions', () => {
    const storage = memoryStorage({ workflowColumnOverrides: '{oops', workflowInterfaceVersion: 'workflow9' });
    const preferences = new WorkflowPreferences(storage);
    expect(preferences.columnOverrides()).toEqual({ widths: {}, sort: null });
    expect(preferences.interfaceVersion()).toBe('workflow2');
    storage.setItem('workflowColumnOverrides', JSON.stringify({ widths: { name: 'wide', size: 5, ok: 120 }, sort: { key: 7 } }));
    expect(preferences.columnOverrides()).toEqual({ widths: { ok: 120 }, sort: null });
  });
});

describe('readFeatureFlags', () => {
  it('has every flag off by default and takes boolean overrides from local storage', () => {
    expect(readFeatureFlags(memoryStorage()).watchWorkflowDocuments).toBe(false);
    expect(readFeatureFlags(memoryStorage({ featureFlags: '{"watchWorkflowDocuments":true,"aiClassify":"yes"}' }))).toEqual({
      pasteUrlButton: false,
      aiClassify: false,
      emailDraftDownload: false,
      watchWorkflowDocuments: true,
      collapseSidebar: false,
    });
    expect(readFeatureFlags(memoryStorage({ featureFlags: 'not json' })).watchWorkflowDocuments).toBe(false);
  });
  it('keeps the hidden columns with the overrides and drops what is not a column key', () => {
    const storage = memoryStorage();
    const preferences = new WorkflowPreferences(storage);
    preferences.setColumnOverrides({ widths: {}, sort: null, hidden: ['size'] });
    expect(preferences.columnOverrides()).toEqual({ widths: {}, sort: null, hidden: ['size'] });
    storage.setItem(WORKFLOW_STORAGE_KEYS.columnOverrides, JSON.stringify({ widths: {}, hidden: ['ok', 3, ''] }));
    expect(preferences.columnOverrides()).toEqual({ widths: {}, sort: null, hidden: ['ok'] });
  });
});
