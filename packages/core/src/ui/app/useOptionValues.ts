import { useEffect, useState } from 'react';
import type { OptionValues } from '../../rules';
import { useServices } from './DatahavenServices';

/** The parsed options (loaded once per mount), or null until they arrive or when they failed. */
export function useOptionValues(): OptionValues | null {
  const { api, alerts } = useServices();
  const [values, setValues] = useState<OptionValues | null>(null);
  useEffect(() => {
    let active = true;
    api.options.getValues().then(
      (loaded) => {
        if (active) setValues(loaded);
      },
      (error: unknown) => {
        if (active) alerts.report(error);
      },
    );
    return () => {
      active = false;
    };
  }, [api, alerts]);
  return values;
}
