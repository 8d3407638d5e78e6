/**
 * The cache's keys, from their home below services/ and ui/ (state/queryKeys), so the flows of
 * services/ (workflowActions) invalidate with the same keys the screens read with. Kept here so
 * the screens' imports did not all move at once; new code imports `state/queryKeys`.
 */
export { queryKeys } from '../../state/queryKeys';
