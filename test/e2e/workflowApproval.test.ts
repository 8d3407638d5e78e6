import type { Page } from 'playwright-core';
import { MESSAGES } from '../../packages/core/src/rules/messages';
import { DemoErpPage } from './pages/DemoErpPage';
import { WorkflowPage } from './pages/WorkflowPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';

/*
 * The demo world (packages/server/src/demo/demoWorld.ts) puts three linked purchase invoices in
 * 'Approval L1' (which requires a note to approve, approve-to 'Approval L2') and one in
 * 'Approval L2'. Pat Approver ('approver') has full access to both levels.
 */
const APPROVAL_L1 = ['CS-88120.pdf', 'NWT-2025-0097.pdf', 'LW-5531.pdf'];
const ALREADY_IN_L2 = 'FAB-25-0412.pdf';

const session = useBrowserSession();

/** A fresh page (its own browser context, like a second browser window) at the demo ERP as the approver, in the workflow root. */
async function openWorkflowAsApprover(): Promise<{ page: Page; erp: DemoErpPage; workflow: WorkflowPage }> {
  const page = await session.newWindow();
  const erp = new DemoErpPage(page, session.server.baseUrl);
  await erp.open();
  await erp.switchUser('approver');
  await erp.openWorkflowPage();
  const workflow = new WorkflowPage(erp.documentsFrame());
  await workflow.waitForRoot();
  return { page, erp, workflow };
}

describe('an approver in the workflow view of the Business Central iframe', () => {
  it('approves two Approval L1 invoices with a note, and a window opened before follows the approval without a reload', async () => {
    const first = await openWorkflowAsApprover();
    await first.workflow.openQueue('Approval L1');
    const l1 = new WorkflowQueuePage(first.erp.documentsFrame(), 'Approval L1');
    await l1.waitForDocuments(APPROVAL_L1);

    // A second window opened before the approval: it still lists all three.
    const second = await openWorkflowAsApprover();
    await second.workflow.openQueue('Approval L1');
    const staleL1 = new WorkflowQueuePage(second.erp.documentsFrame(), 'Approval L1');
    await staleL1.waitForDocuments(APPROVAL_L1);

    const approved = APPROVAL_L1.slice(0, 2);
    await l1.selectWithKeyboard(approved);
    expect((await l1.selectedNames()).sort()).toEqual([...approved].sort());

    // Approval L1 requires a note: confirming without one keeps the prompt open with the spec's text.
    await l1.action('Approve').click();
    const prompt = l1.notePrompt();
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Approve', exact: true }).click();
    await prompt.getByText(MESSAGES.noteRequired).waitFor();
    await prompt.getByRole('button', { name: 'Cancel', exact: true }).click();
    await prompt.waitFor({ state: 'hidden' });

    await l1.approveWithNote('Checked against the purchase orders; approved at level 1.');
    await l1.notePrompt().waitFor({ state: 'hidden' });
    await l1.waitForDocuments(APPROVAL_L1.slice(2));

    await first.workflow.backToRoot();
    await first.workflow.openQueue('Approval L2');
    const l2 = new WorkflowQueuePage(first.erp.documentsFrame(), 'Approval L2');
    await l2.waitForDocuments([ALREADY_IN_L2, ...approved]);

    // The second window, opened before the approval, follows it live (GET /api/events, issue 38):
    // the two approved documents leave its list without a reload, so it never offers them to approve.
    await staleL1.waitForDocuments(APPROVAL_L1.slice(2));

    expect(session.errors).toEqual([]);
  });
});
