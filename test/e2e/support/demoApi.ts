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
