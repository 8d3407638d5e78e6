import { execFileSync } from 'node:child_process';

/** What Python's `email` parser (policy.default) reads from a message. */
export interface PythonParsedMessage {
  subject: string;
  from: string;
  unsent: string | null;
  /** The plain-text body, decoded. */
  text: string;
  attachments: { filename: string | null; contentType: string; disposition: string | null; base64: string }[];
}

// The parser mail readers on the other side are most often measured against: stdlib, no packages.
const SCRIPT = `
import base64, email, json, sys
from email import policy
m = email.message_from_binary_file(sys.stdin.buffer, policy=policy.default)
body = m.get_body(preferencelist=("plain",))
out = {
  "subject": str(m["subject"]),
  "from": str(m["from"]) if m["from"] is not None else "",
  "unsent": m["x-unsent"],
  "text": body.get_content() if body is not None else "",
  "attachments": [
    {"filename": p.get_filename(), "contentType": p.get_content_type(), "disposition": p.get_content_disposition(),
     "base64": base64.b64encode(p.get_payload(decode=True)).decode("ascii")}
    for p in m.iter_attachments()
  ],
}
json.dump(out, sys.stdout)
`;

/** Parses a message with the machine's python3 and its standard `email` package (a test helper). */
export function parseWithPython(message: Buffer): PythonParsedMessage {
  const output = execFileSync('python3', ['-c', SCRIPT], { input: message, maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(output.toString('utf8')) as PythonParsedMessage;
}
