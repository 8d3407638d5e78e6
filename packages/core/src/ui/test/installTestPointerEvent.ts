/** jsdom has no PointerEvent; a MouseEvent carries the coordinates the annotation layer reads. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

/** Gives the test file's window a PointerEvent for its duration (call at the top level of the file). */
export function installTestPointerEvent(): void {
  beforeAll(() => {
    Object.assign(window, { PointerEvent: TestPointerEvent });
  });
  afterAll(() => {
    Reflect.deleteProperty(window, 'PointerEvent');
  });
}
