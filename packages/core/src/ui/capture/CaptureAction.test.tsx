import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../rules';
import { UI_TEXT } from '../../locale/uiText';
import { renderApp, type FakeRoute } from '../test/renderApp';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23&typeName=bc:Microsoft.NAV.Vendor&isCapturable=true';
const ACCESS = 'GET /api/entity-type/bc%3AMicrosoft.NAV.Vendor/access';

function routes(capture: boolean): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/folder-structure': () => [],
    [ACCESS]: () => ({ entityTypeName: 'bc:Microsoft.NAV.Vendor', sitId: 1, dataAreaId: 'CRONUS', upload: true, capture }),
  };
}

describe('CaptureAction', () => {
  it("says 'The request to capture this record could not be fulfilled.' when the server refuses the capture (no 'Dynamics: Capture')", async () => {
    const app = renderApp(`/folders${CONTEXT}`, routes(false), { search: CONTEXT });
    fireEvent.click(await screen.findByRole('button', { name: UI_TEXT.metadata.capture }));
    expect(await screen.findByText(MESSAGES.captureNotFulfilled)).toBeTruthy();
    const call = app.requests.find((request) => request.path.endsWith('/access'));
    expect(call?.search.get('dataAreaId')).toBe('CRONUS');
  });

  it('asks the host to capture the record when the server allows it; a host that fails says the same sentence', async () => {
    const captured: string[] = [];
    let fail = false;
    renderApp(`/folders${CONTEXT}`, routes(true), {
      search: CONTEXT,
      host: (base) => ({
        ...base,
        captureRecord: async (record) => {
          if (fail) throw new Error('The parent did not answer.');
          captured.push(record.recordId ?? '');
        },
      }),
    });
    const button = await screen.findByRole('button', { name: UI_TEXT.metadata.capture });
    fireEvent.click(button);
    expect(await screen.findByText(UI_TEXT.metadata.captureStarted)).toBeTruthy();
    expect(captured).toEqual(['r1']);
    fail = true;
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(MESSAGES.captureNotFulfilled)).toBeTruthy();
  });

  it('is not offered on a record the ERP does not call capturable', async () => {
    const search = CONTEXT.replace('&isCapturable=true', '');
    renderApp(`/folders${search}`, routes(true), { search });
    await screen.findByRole('toolbar');
    expect(screen.queryByRole('button', { name: UI_TEXT.metadata.capture })).toBeNull();
  });
});
