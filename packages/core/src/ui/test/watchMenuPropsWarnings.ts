/** Fluent's console warning for a MenuList given props its Menu should hold (checkedValues, onCheckedValueChange, …). */
const MENU_PROPS_WARNING = /using both MenuList and Menu props/;

/**
 * Makes every test of the calling file fail when Fluent warns that a MenuList inside a Menu was
 * given the Menu's props: Fluent prints it with console.warn in production builds too, so users'
 * consoles filled with it each time an export menu opened. Other warnings pass through untouched.
 */
export function watchMenuPropsWarnings(): void {
  let spy: jest.SpyInstance<void, Parameters<typeof console.warn>> | undefined;
  beforeEach(() => {
    // A spy without an implementation calls the real console.warn: other warnings still print.
    spy = jest.spyOn(console, 'warn');
  });
  afterEach(() => {
    const warned = spy?.mock.calls.filter((args) => MENU_PROPS_WARNING.test(String(args[0]))) ?? [];
    spy?.mockRestore();
    expect(warned).toEqual([]);
  });
}
