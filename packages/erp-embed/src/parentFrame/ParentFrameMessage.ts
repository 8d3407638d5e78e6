/** The verbs of the parent-frame protocol (spec §7 "Messages to and from the parent frame"). */
export type ParentFrameMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

const METHODS: readonly ParentFrameMethod[] = ['GET', 'PUT', 'POST', 'DELETE'];

/** A request travelling either way: `{ "id": n, "method": "GET", "path": "/context", "body": … }`. */
export interface ParentFrameRequest {
  id: number;
  method: ParentFrameMethod;
  path: string;
  body?: unknown;
}

/** The answer to a request, carrying the request's id: `{ "id": n, "status": 200, "body": … }`. */
export interface ParentFrameAnswer {
  id: number;
  status: number;
  body?: unknown;
}

/** Either kind of message, after parsing. */
export type ParentFrameMessage = { kind: 'request'; request: ParentFrameRequest } | { kind: 'answer'; answer: ParentFrameAnswer };

/**
 * Parses one message of the protocol. The wire format is a JSON *string*; objects, other
 * libraries' messages and malformed text give null so the caller ignores them.
 */
export function parseParentFrameMessage(data: unknown): ParentFrameMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'number' || !Number.isInteger(v.id)) return null;
  if (typeof v.status === 'number' && v.method === undefined) {
    return { kind: 'answer', answer: { id: v.id, status: v.status, body: v.body } };
  }
  if (typeof v.method === 'string' && typeof v.path === 'string') {
    const method = METHODS.find((m) => m === v.method);
    if (!method) return null;
    return { kind: 'request', request: { id: v.id, method, path: v.path, body: v.body } };
  }
  return null;
}

/** Serialises a request or an answer as the JSON string the other side expects. */
export function serializeParentFrameMessage(message: ParentFrameRequest | ParentFrameAnswer): string {
  return JSON.stringify(message);
}
