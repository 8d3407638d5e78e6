import type { DmsDocument, FolderEntry, FolderNode } from '@datahaven/core/model';

/** A record of the demo ERP page as `/demo/erp/records` lists it. */
interface DemoRecordSummary {
  name: string;
  context: { dataAreaId: string; recordId: string; tableId: number; typeName: string; sourceType?: number };
}

/** Mints a demo user's token the way the demo ERP's server does (`/demo/erp/token`). */
export async function demoToken(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/demo/erp/token?username=${encodeURIComponent(username)}`);
  if (!response.ok) throw new Error(`token for ${username}: HTTP ${response.status}`);
  return response.text();
}

/** Uploads a file into a named folder of a demo record through the public API, as the client does. */
export async function uploadIntoFolder(
  baseUrl: string,
  token: string,
  recordName: string,
  folderName: string,
  file: { name: string; type: string; bytes: Buffer },
): Promise<DmsDocument> {
  const recordsResponse = await fetch(`${baseUrl}/demo/erp/records`);
  const { records } = (await recordsResponse.json()) as { records: DemoRecordSummary[] };
  const record = records.find((candidate) => candidate.name === recordName);
  if (!record) throw new Error(`no demo record named ${recordName}`);
  const context = new URLSearchParams({ displayType: 'Default View' });
  for (const [key, value] of Object.entries(record.context)) context.set(key, String(value));
  const headers = { Authorization: `Bearer ${token}` };
  const structureResponse = await fetch(`${baseUrl}/api/folder-structure?${context}`, { headers });
  if (!structureResponse.ok) throw new Error(`folder-structure: HTTP ${structureResponse.status} ${await structureResponse.text()}`);
  const folders = (await structureResponse.json()) as FolderEntry[];
  const folder = folders.find((entry): entry is FolderNode => entry.type === 'folder' && entry.name === folderName);
  if (!folder) throw new Error(`record ${recordName} has no folder ${folderName}`);
  const query = new URLSearchParams({ displayType: 'Default View' });
  for (const [key, value] of Object.entries(folder.constraints)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const uploadResponse = await fetch(`${baseUrl}/api/documents?${query}`, { method: 'POST', headers, body: form });
  if (uploadResponse.status !== 201) throw new Error(`upload: HTTP ${uploadResponse.status} ${await uploadResponse.text()}`);
  const [document] = (await uploadResponse.json()) as DmsDocument[];
  return document;
}
