import type { TextsOf } from '../../rules';
import type { PUSH_LINK_TEXT } from '../pushLinkText';

/** PUSH_LINK_TEXT in German. */
export const PUSH_LINK_TEXT_DE: TextsOf<typeof PUSH_LINK_TEXT> = {
  pushLink: 'Verknüpfung übertragen',
  noRecord: 'Öffnen Sie einen Datensatz im ERP, um den Beleg mit ihm zu verknüpfen.',
  notPermitted: 'Wählen Sie einen Beleg, den Sie verknüpfen dürfen, um ihn mit dem im ERP geöffneten Datensatz zu verknüpfen.',
  alreadyThere: 'Dieser Beleg ist bereits mit dem im ERP geöffneten Datensatz verknüpft.',
  pushed: (documentName: string, recordId: string): string =>
    `${documentName} wurde mit dem im ERP geöffneten Datensatz verknüpft (${recordId}).`,
};
