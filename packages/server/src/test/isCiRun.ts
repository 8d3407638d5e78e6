/**
 * Whether this run is CI's (`CI` set to anything but "", "0" or "false", as the ci-info package
 * jest uses reads it): there a test whose requirement is missing fails instead of being skipped.
 */
export function isCiRun(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}
