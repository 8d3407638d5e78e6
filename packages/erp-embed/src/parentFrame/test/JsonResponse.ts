/** A JSON Response for fake web services in this host's jsdom tests (jsdom has no fetch API; hosts may not reach into the core's test helpers). */
export class JsonResponse implements Response {
  readonly body = null;
  bodyUsed = false;
  readonly headers = new Headers({ 'content-type': 'application/json' });
  readonly ok: boolean;
  readonly redirected = false;
  readonly type: ResponseType = 'basic';
  readonly url = '';
  readonly statusText = '';

  constructor(
    private readonly value: unknown,
    readonly status = 200,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  async text(): Promise<string> {
    this.bodyUsed = true;
    return JSON.stringify(this.value);
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async blob(): Promise<Blob> {
    return new Blob([await this.text()], { type: 'application/json' });
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new TextEncoder().encode(await this.text());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }
  formData(): Promise<FormData> {
    return Promise.reject(new Error('JsonResponse has no form data.'));
  }
  clone(): Response {
    return new JsonResponse(this.value, this.status);
  }
}
