/** Headers for FakeResponse: jsdom has no fetch API, so tests bring their own minimal one. */
export class FakeHeaders implements Headers {
  private readonly items = new Map<string, string>();

  constructor(init: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(init)) this.items.set(name.toLowerCase(), value);
  }

  append(name: string, value: string): void {
    const current = this.items.get(name.toLowerCase());
    this.items.set(name.toLowerCase(), current === undefined ? value : `${current}, ${value}`);
  }
  delete(name: string): void {
    this.items.delete(name.toLowerCase());
  }
  get(name: string): string | null {
    return this.items.get(name.toLowerCase()) ?? null;
  }
  getSetCookie(): string[] {
    return [];
  }
  has(name: string): boolean {
    return this.items.has(name.toLowerCase());
  }
  set(name: string, value: string): void {
    this.items.set(name.toLowerCase(), value);
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void): void {
    for (const [key, value] of this.items) callback(value, key, this);
  }
  entries(): HeadersIterator<[string, string]> {
    return this.items.entries();
  }
  keys(): HeadersIterator<string> {
    return this.items.keys();
  }
  values(): HeadersIterator<string> {
    return this.items.values();
  }
  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.items.entries();
  }
}

/** A text-bodied Response for fake web services in jsdom tests. */
export class FakeResponse implements Response {
  readonly body = null;
  bodyUsed = false;
  readonly headers: Headers;
  readonly ok: boolean;
  readonly redirected = false;
  readonly type: ResponseType = 'basic';
  readonly url = '';

  constructor(
    private readonly content: string,
    readonly status: number,
    contentType = 'application/json',
    readonly statusText = '',
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = new FakeHeaders({ 'content-type': contentType });
  }

  /** A JSON answer. */
  static json(value: unknown, status = 200): FakeResponse {
    return new FakeResponse(JSON.stringify(value), status);
  }

  async text(): Promise<string> {
    this.bodyUsed = true;
    return this.content;
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async blob(): Promise<Blob> {
    return new Blob([await this.text()], { type: this.headers.get('content-type') ?? '' });
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new TextEncoder().encode(await this.text());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }
  formData(): Promise<FormData> {
    return Promise.reject(new Error('FakeResponse has no form data.'));
  }
  clone(): Response {
    return new FakeResponse(this.content, this.status, this.headers.get('content-type') ?? '', this.statusText);
  }
}
