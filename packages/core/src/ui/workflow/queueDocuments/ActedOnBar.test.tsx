import { useState, type ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { LiveChangeEvent } from '../../../contract';
import { browserHost, memoryStorage } from '../../../host';
import type { DmsDocument } from '../../../model';
import { MESSAGES } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';
import { createDatahavenServices, DatahavenServicesProvider, type DatahavenServices } from '../../app/DatahavenServices';
import { FakeResponse } from '../../test/FakeResponse';
import { testToken } from '../../test/renderApp';
import { ActedOnBar } from './ActedOnBar';
import { approvalQueue, queuedDocument } from './test/queueFixtures';
import { useActedOn } from './useActedOn';

const approvedByPat: LiveChangeEvent = {
  id: 40,
  kind: 'approve',
  documentId: 7,
  fromQueueId: 12,
  toQueueId: 13,
  byUserId: 2,
  byName: 'Pat Approver',
  byYou: false,
  at: null,
};

const queue = approvalQueue();
const cs = queuedDocument(7, 'CS-88120.pdf', queue);
const lw = queuedDocument(8, 'LW-5531.pdf', queue);

/** The queue screen's wiring in small: the selected documents (a button swaps in a fresh copy), the bar, and the stale ids. */
function Harness({ initial }: { initial: DmsDocument[] }): ReactElement {
  const [selected, setSelected] = useState(initial);
  const actedOn = useActedOn(selected, [cs.id, lw.id]);
  return (
    <>
      <ActedOnBar
        notice={actedOn.notice}
        hasNext={actedOn.nextId !== null}
        onNext={actedOn.goNext}
        onReload={actedOn.clearStale}
        onDismiss={actedOn.dismiss}
      />
      <output aria-label="stale">{[...actedOn.staleIds].join(',')}</output>
      <output aria-label="reason">{actedOn.staleReason ?? ''}</output>
      <button onClick={() => setSelected((docs) => docs.map((doc) => ({ ...doc, rowVersion: doc.rowVersion + 1 })))}>fresh copy</button>
      <button onClick={() => actedOn.markOutOfSync(selected)}>refused</button>
    </>
  );
}

function renderBar(selected: DmsDocument[]): DatahavenServices {
  const fakeFetch: typeof fetch = async () =>
    FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: 'No such route.' }, 404);
  const host = browserHost({
    token: testToken(),
    search: () => '',
    storage: { local: memoryStorage({}), session: memoryStorage({}) },
    fetch: fakeFetch,
  });
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        <Harness initial={selected} />
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return services;
}

const staleIds = (): string => screen.getByRole('status', { name: 'stale' }).textContent ?? '';

describe('ActedOnBar with useActedOn', () => {
  it('says in place who just approved the selected document and keeps its actions off until a fresh copy arrives', () => {
    const services = renderBar([cs]);
    expect(screen.queryByText(/a moment ago/)).toBeNull();
    expect(staleIds()).toBe('');
    act(() => services.live.record(approvedByPat));
    expect(screen.getByText('CS-88120.pdf: approved by Pat Approver a moment ago')).toBeTruthy();
    expect(staleIds()).toBe('7');
    expect(screen.getByRole('status', { name: 'reason' }).textContent).toBe('Approved by Pat Approver a moment ago');
    // Next document goes on to the one listed after it.
    fireEvent.click(screen.getByRole('button', { name: UI_TEXT.live.nextDocument }));
    expect(services.selection.getSnapshot().ids).toEqual([8]);
    fireEvent.click(screen.getByRole('button', { name: 'fresh copy' }));
    expect(staleIds()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: UI_TEXT.live.dismissActedOn }));
    expect(screen.queryByText(/a moment ago/)).toBeNull();
  });

  it('stays quiet about documents the screen does not show and about the user’s own actions', () => {
    const services = renderBar([lw]);
    act(() => services.live.record(approvedByPat));
    act(() => services.live.record({ ...approvedByPat, id: 41, documentId: 8, byYou: true }));
    act(() => services.live.record({ ...approvedByPat, id: 42, documentId: 8, kind: 'lock' }));
    expect(screen.queryByText(/a moment ago/)).toBeNull();
    expect(staleIds()).toBe('');
  });

  it("shows a refused decision under the spec's out-of-sync words, with who moved it when the stream told", () => {
    const services = renderBar([cs]);
    fireEvent.click(screen.getByRole('button', { name: 'refused' }));
    expect(screen.getByText(MESSAGES.queueOutOfSync)).toBeTruthy();
    expect(screen.getByText(UI_TEXT.live.outOfSyncRefreshed)).toBeTruthy();
    expect(staleIds()).toBe('7');
    act(() => services.live.record(approvedByPat));
    fireEvent.click(screen.getByRole('button', { name: 'refused' }));
    expect(screen.getByText(MESSAGES.queueOutOfSync)).toBeTruthy();
    expect(screen.getByText('CS-88120.pdf: approved by Pat Approver a moment ago')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: UI_TEXT.live.reload }));
    expect(staleIds()).toBe('');
  });
});
