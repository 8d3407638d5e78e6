import type { StoragePort } from '../host/StoragePort';

/** The optional features of portal §1 and §9, all off by default (collapse sidebar on only for 'fo'). */
export interface FeatureFlagValues {
  pasteUrlButton: boolean;
  aiClassify: boolean;
  emailDraftDownload: boolean;
  watchWorkflowDocuments: boolean;
  collapseSidebar: boolean;
}

/** Local-storage key of the feature-flag overrides (a JSON object of booleans). */
export const FEATURE_FLAGS_KEY = 'featureFlags';

/** The spec's defaults (portal §9) for the 'bc' integration this product ships. */
export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlagValues> = {
  pasteUrlButton: false,
  aiClassify: false,
  emailDraftDownload: false,
  watchWorkflowDocuments: false,
  collapseSidebar: false,
};

/**
 * Reads the feature flags: the spec's defaults, overridden per browser by a JSON object under
 * `featureFlags` in local storage (e.g. `{"watchWorkflowDocuments":true}`). There is no
 * configuration service for them yet; unreadable overrides are ignored, as the spec swallows a
 * failed configuration load.
 */
export function readFeatureFlags(storage: StoragePort): FeatureFlagValues {
  const flags: FeatureFlagValues = { ...DEFAULT_FEATURE_FLAGS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(FEATURE_FLAGS_KEY) ?? 'null');
  } catch {
    return flags;
  }
  if (typeof parsed !== 'object' || parsed === null) return flags;
  for (const name of Object.keys(DEFAULT_FEATURE_FLAGS) as (keyof FeatureFlagValues)[]) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}
