import { act, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { LiveChangeEvent } from '../../../contract';
import { browserHost, memoryStorage } from '../../../host';
import { UI_TEXT } from '../../../locale/uiText';
import { createDatahavenServices, DatahavenServicesProvider, type DatahavenServices } from '../../app/DatahavenServices';
import { FakeResponse } from '../../test/FakeResponse';
import { testToken } from '../../test/renderApp';
import { ActedOnBar } from './ActedOnBar';

const approvedByPat: LiveChangeEvent = {
  id: 40,
  kind: 'approve',
  documentId: 7,
  fromQueueId: 1,
  toQueueId: 2,
  byUserId: 2,
  byName: 'Pat Approver',
  byYou: false,
  at: null,
};

function renderBar(watchedIds: readonly number[]): DatahavenServices {
  const fakeFetch: typeof fetch = async () =>
    FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: 'No such route.' }, 404);
  const host = browserHost({
    token: testToken(),
    search: () => '',
    storage: { local: memoryStorage({}), session: memoryStorage({}) },
    fetch: fakeFetch,
  });
  const services = createDatahavenServices(host, { fetch: fakeFetch });
  const names: Record<number, string> = { 7: 'CS-88120.pdf', 8: 'LW-5531.pdf' };
  render(
    <FluentProvider theme={webLightTheme}>
      <DatahavenServicesProvider host={host} services={services}>
        <ActedOnBar watchedIds={watchedIds} nameOf={(id) => names[id] ?? null} />
      </DatahavenServicesProvider>
    </FluentProvider>,
  );
  return services;
}

describe('ActedOnBar', () => {
  it('says in place who just approved the document the screen has selected, until dismissed', () => {
    const services = renderBar([7]);
    expect(screen.queryByText(/a moment ago/)).toBeNull();
    act(() => services.live.record(approvedByPat));
    expect(screen.getByText('CS-88120.pdf: approved by Pat Approver a moment ago')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: UI_TEXT.live.dismissActedOn }));
    expect(screen.queryByText(/a moment ago/)).toBeNull();
  });

  it('stays quiet about documents the screen does not show and about the user’s own actions', () => {
    const services = renderBar([8]);
    act(() => services.live.record(approvedByPat));
    act(() => services.live.record({ ...approvedByPat, id: 41, documentId: 8, byYou: true }));
    act(() => services.live.record({ ...approvedByPat, id: 42, documentId: 8, kind: 'lock' }));
    expect(screen.queryByText(/a moment ago/)).toBeNull();
  });
});
