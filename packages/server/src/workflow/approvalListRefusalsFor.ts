import type { TextsOf } from '@datahaven/core/rules';

/** The approval list editor's refusals (workflow/approvalListEditor) in English. */
export const APPROVAL_LIST_REFUSALS = {
  noWorkflowQueue: 'The document is in no workflow queue, so it has no approval list.',
  needsApproveOrRoute: "Changing the approval list needs the Approve or Route access of the document's queue.",
  noApprovalLists: (queueName: string): string => `The queue '${queueName}' does not use approval lists (WorkflowRoute).`,
  stepOutOfList: (step: number, last: number): string => `Step ${step} is not in the approval list: name a step from 1 to ${last}.`,
  stepApproved: (step: number): string => `Step ${step} has already been approved and cannot be changed.`,
  stepMissing: (step: number): string => `Step ${step} is not in the approval list.`,
  notARoute: (queueId: number, queueName: string): string =>
    `Queue ${queueId} is not a route from '${queueName}', so it cannot be an approval step.`,
} as const;

/** APPROVAL_LIST_REFUSALS in German, Sie-form. */
export const APPROVAL_LIST_REFUSALS_DE: TextsOf<typeof APPROVAL_LIST_REFUSALS> = {
  noWorkflowQueue: 'Der Beleg befindet sich in keiner Workflow-Warteschlange und hat daher keine Genehmigungsliste.',
  needsApproveOrRoute:
    'Zum Ändern der Genehmigungsliste benötigen Sie in der Warteschlange des Belegs das Zugriffsrecht Approve oder Route.',
  noApprovalLists: (queueName) => `Die Warteschlange '${queueName}' verwendet keine Genehmigungslisten (WorkflowRoute).`,
  stepOutOfList: (step, last) => `Schritt ${step} ist nicht in der Genehmigungsliste: Geben Sie einen Schritt von 1 bis ${last} an.`,
  stepApproved: (step) => `Schritt ${step} wurde bereits genehmigt und kann nicht mehr geändert werden.`,
  stepMissing: (step) => `Schritt ${step} ist nicht in der Genehmigungsliste.`,
  notARoute: (queueId, queueName) =>
    `Warteschlange ${queueId} ist kein Weiterleitungsziel von '${queueName}' und kann daher kein Genehmigungsschritt sein.`,
};

/** APPROVAL_LIST_REFUSALS in `language`; English for any the product does not speak. */
export function approvalListRefusalsFor(language: string): TextsOf<typeof APPROVAL_LIST_REFUSALS> {
  return language.toLowerCase().startsWith('de') ? APPROVAL_LIST_REFUSALS_DE : APPROVAL_LIST_REFUSALS;
}
