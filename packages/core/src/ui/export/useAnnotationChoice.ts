import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MenuProps } from '@fluentui/react-components';
import { useServices } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';

/** The name of the "With annotations" checkbox in a menu's checked values. */
export const ANNOTATIONS_CHECKBOX_NAME = 'annotations';
/** The value of the "With annotations" checkbox when it is ticked. */
export const ANNOTATIONS_CHECKBOX_VALUE = 'embed';

/** The user's "With annotations" choice for download, print or e-mail. */
export interface AnnotationChoice {
  /** What the checkbox shows: the user's choice, else the server's default (off until known). */
  checked: boolean;
  /** What the calls send: undefined until the user chooses, so the server's configured default applies. */
  chosen: boolean | undefined;
  /**
   * Props for the Menu that holds the checkbox: on the Menu, not its MenuList (Fluent warns in
   * every browser's console when a MenuList inside a Menu takes them).
   */
  menuProps: Pick<MenuProps, 'checkedValues' | 'onCheckedValueChange'>;
  /** Reads the server's default (once per mount, through the query cache); call when a menu opens. */
  loadDefault(): void;
}

/**
 * The "With annotations" choice (issue 4): the checkbox starts at the server's default
 * (`GET /export/defaults`, i.e. `DATAHAVEN_EMBED_ANNOTATIONS`) and `embedAnnotations` is sent
 * only once the user has ticked or unticked it.
 */
export function useAnnotationChoice(): AnnotationChoice {
  const { api } = useServices();
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const [wanted, setWanted] = useState(false);
  // One request per mount: every menu shares the answer, and only a menu that is opened asks.
  const defaults = useQuery({
    queryKey: queryKeys.exportDefaults,
    queryFn: ({ signal }) => api.export.getDefaults(signal),
    enabled: wanted,
    staleTime: Infinity,
    // An old server or a failed call: the checkbox shows off and the calls still send nothing; no alert of its own.
    meta: { quiet: true },
  });
  const { refetch, isError } = defaults;
  const loadDefault = useCallback(() => {
    setWanted(true);
    // A failed read is asked again the next time a menu opens.
    if (isError) void refetch();
  }, [isError, refetch]);
  const checked = chosen ?? defaults.data?.embedAnnotations ?? false;
  return {
    checked,
    chosen,
    loadDefault,
    menuProps: {
      checkedValues: { [ANNOTATIONS_CHECKBOX_NAME]: checked ? [ANNOTATIONS_CHECKBOX_VALUE] : [] },
      onCheckedValueChange: (_event, data) => {
        if (data.name === ANNOTATIONS_CHECKBOX_NAME) setChosen(data.checkedItems.includes(ANNOTATIONS_CHECKBOX_VALUE));
      },
    },
  };
}
