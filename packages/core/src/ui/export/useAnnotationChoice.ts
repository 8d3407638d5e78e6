import { useCallback, useEffect, useState } from 'react';
import type { MenuListProps } from '@fluentui/react-components';
import type { ExportApi, ExportDefaults } from '../../api';
import { useServices } from '../app/DatahavenServices';

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
  /** Props for the MenuList that holds the checkbox. */
  menuListProps: Pick<MenuListProps, 'checkedValues' | 'onCheckedValueChange'>;
  /** Reads the server's default (once per ApiClient); call when a menu opens. */
  loadDefault(): void;
}

// One request per api object: every menu of the page shares the answer, and only a menu that is opened asks.
const defaultsByApi = new WeakMap<ExportApi, Promise<ExportDefaults>>();

function exportDefaults(api: ExportApi): Promise<ExportDefaults> {
  let pending = defaultsByApi.get(api);
  if (!pending) {
    pending = api.getDefaults().catch(() => {
      // An old server or a failed call: show the checkbox off and ask again next time; the calls still send nothing.
      defaultsByApi.delete(api);
      return { embedAnnotations: false };
    });
    defaultsByApi.set(api, pending);
  }
  return pending;
}

/**
 * The "With annotations" choice (issue 4): the checkbox starts at the server's default
 * (`GET /export/defaults`, i.e. `DATAHAVEN_EMBED_ANNOTATIONS`) and `embedAnnotations` is sent
 * only once the user has ticked or unticked it.
 */
export function useAnnotationChoice(): AnnotationChoice {
  const { api } = useServices();
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const [serverDefault, setServerDefault] = useState<boolean | null>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    void exportDefaults(api.export).then((defaults) => {
      if (live) setServerDefault(defaults.embedAnnotations);
    });
    return () => {
      live = false;
    };
  }, [api, wanted]);
  const loadDefault = useCallback(() => setWanted(true), []);
  const checked = chosen ?? serverDefault ?? false;
  return {
    checked,
    chosen,
    loadDefault,
    menuListProps: {
      checkedValues: { [ANNOTATIONS_CHECKBOX_NAME]: checked ? [ANNOTATIONS_CHECKBOX_VALUE] : [] },
      onCheckedValueChange: (_event, data) => {
        if (data.name === ANNOTATIONS_CHECKBOX_NAME) setChosen(data.checkedItems.includes(ANNOTATIONS_CHECKBOX_VALUE));
      },
    },
  };
}
