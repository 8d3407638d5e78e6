import type { FolderEntry, FolderNode } from '../../packages/core/src/model';

/** A record of the demo ERP page as `/demo/erp/records` lists it. */
interface DemoRecordSummary {
  name: string;
  context: Record<string, string | number>;
}

/** A folder of a demo record, as the upload route wants it named (its constraints as query parameters). */
export interface FolderTarget {
  baseUrl: string;
  token: string;
  query: URLSearchParams;
}

/** Finds a demo record's folder through the public API (folder structure of the record's context), as the client does. */
export async function findRecordFolder(baseUrl: string, token: string, recordName: string, folderName: string): Promise<FolderTarget> {
  const { records } = (await (await fetch(`${baseUrl}/demo/erp/records`)).json()) as { records: DemoRecordSummary[] };
  const record = records.find((candidate) => candidate.name === recordName);
  if (!record) throw new Error(`no demo record named ${recordName}`);
  const context = new URLSearchParams({ displayType: 'Default View' });
  for (const [key, value] of Object.entries(record.context)) context.set(key, String(value));
  const structure = await fetch(`${baseUrl}/api/folder-structure?${context}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!structure.ok) throw new Error(`folder-structure: HTTP ${structure.status}`);
  const folder = ((await structure.json()) as FolderEntry[]).find(
    (entry): entry is FolderNode => entry.type === 'folder' && entry.name === folderName,
  );
  if (!folder) throw new Error(`record ${recordName} has no folder ${folderName}`);
  const query = new URLSearchParams({ displayType: 'Default View' });
  for (const [key, value] of Object.entries(folder.constraints)) if (value !== undefined && value !== null) query.set(key, String(value));
  return { baseUrl, token, query };
}

/** Uploads a PDF into the folder (POST /api/documents, multipart) and answers the new document's id. */
export async function uploadPdf(folder: FolderTarget, fileName: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
  const answer = await fetch(`${folder.baseUrl}/api/documents?${folder.query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${folder.token}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`upload of ${fileName}: HTTP ${answer.status} ${await answer.text()}`);
  const [document] = (await answer.json()) as { id: number }[];
  return document.id;
}
