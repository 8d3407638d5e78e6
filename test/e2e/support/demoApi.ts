import type { DemoErpService } from '../../../packages/server/src/demo';
import type { DemoApprovalStatus } from '../../../packages/server/src/demo/demoErp/DemoErpStore';
import { DEMO_PURCHASE_INVOICES } from '../../../packages/server/src/demo/demoWorld';

/** A demo user's product token, as the demo ERP page gets it (demo mode, loopback). */
export async function demoTokenOf(baseUrl: string, username: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/demo/erp/token?username=${username}`);
  if (!answer.ok) throw new Error(`No demo token for ${username}: ${answer.status}`);
  return answer.text();
}

/** The id of a workflow queue the token's user may browse, by its name (from GET /api/workflow-root). */
export async function queueIdByName(baseUrl: string, token: string, name: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/workflow-root`, { headers: { Authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`GET /api/workflow-root answered ${answer.status}`);
  const root = (await answer.json()) as { queueTypes: { queues: { id: number; name: string }[] }[] };
  const queue = root.queueTypes.flatMap((type) => type.queues).find((candidate) => candidate.name === name);
  if (queue === undefined) throw new Error(`The queue ${name} is not listed for this user.`);
  return queue.id;
}

/**
 * Sets a CRONUS purchase invoice's Datahaven approval status in the demo ERP itself, as an ERP user
 * (or BC's own approval) would: a flow about posting, not about approving, starts from an approved invoice.
 */
export function setErpApprovalStatus(erp: DemoErpService, invoiceNumber: string, status: DemoApprovalStatus): void {
  const invoice = DEMO_PURCHASE_INVOICES.find((candidate) => candidate.number === invoiceNumber);
  const company = erp.store.listCompanies().find((candidate) => candidate.name === 'CRONUS');
  if (invoice === undefined || company === undefined) throw new Error(`The demo ERP has no CRONUS purchase invoice ${invoiceNumber}.`);
  erp.store.setApprovalStatus(String(company.id), invoice.systemId, status);
}
