import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, teamsLightTheme } from '@fluentui/react-components';
import type { WorkflowApi, WorkflowQueue, WorkflowRoot } from '@datahaven/core';
import { pages } from '@microsoft/teams-js';
import { CONFIGURE_TEXT, ConfigurePage } from './ConfigurePage';

jest.mock('@microsoft/teams-js', () => jest.requireActual<typeof import('./test/teamsJsMock')>('./test/teamsJsMock').teamsJsMock());

/** A queue of the approval type as the workflow root lists it. */
function queue(id: number, name: string): WorkflowQueue {
  return {
    id,
    name,
    enabled: true,
    queueTypeId: 3,
    queueTypeName: 'Approval',
    documentCount: 0,
    features1: 0,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: null,
    rejectToQueueId: null,
    workflowPerms: 1,
  };
}

const ROOT: WorkflowRoot = {
  queueTypes: [{ id: 3, name: 'Approval', enabled: true, documentCount: 0, queues: [queue(7, 'Approval L1'), queue(8, 'Approval L2')] }],
};

type SaveEvent = Parameters<Parameters<typeof pages.config.registerOnSaveHandler>[0]>[0];

/** Renders the page over a workflow client answering ROOT, and hands back what Teams' Save would call. */
function renderPage(existing: { entityId?: string; contentUrl?: string } | null = null): { save: () => jest.Mocked<SaveEvent> } {
  if (existing) jest.mocked(pages.getConfig).mockResolvedValue({ contentUrl: '', ...existing });
  else jest.mocked(pages.getConfig).mockRejectedValue(new Error('No configuration yet'));
  const workflow: Pick<WorkflowApi, 'getRoot'> = { getRoot: jest.fn(() => Promise.resolve(ROOT)) };
  render(
    <FluentProvider theme={teamsLightTheme}>
      <ConfigurePage workflow={workflow} origin="https://docs.contoso.example" />
    </FluentProvider>,
  );
  return {
    save: () => {
      const handler = jest.mocked(pages.config.registerOnSaveHandler).mock.calls.at(-1)?.[0];
      if (!handler) throw new Error('No save handler registered.');
      const event = { result: {}, notifySuccess: jest.fn(), notifyFailure: jest.fn() };
      handler(event);
      return event;
    },
  };
}

/** The last validity the page told Teams. */
function lastValidity(): boolean | undefined {
  return jest.mocked(pages.config.setValidityState).mock.calls.at(-1)?.[0];
}

describe('ConfigurePage', () => {
  beforeEach(() => jest.clearAllMocks());

  it('offers the queues and queue types the user may browse, and enables Save only once one is chosen', async () => {
    renderPage();
    const select = await screen.findByRole('combobox', { name: CONFIGURE_TEXT.queueLabel });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      CONFIGURE_TEXT.placeholder,
      'All queues of Approval',
      'Approval L1',
      'Approval L2',
    ]);
    expect(lastValidity()).toBe(false);
    fireEvent.change(select, { target: { value: 'queue:7' } });
    await waitFor(() => expect(lastValidity()).toBe(true));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(lastValidity()).toBe(false));
  });

  it('saves the chosen queue as the tab’s content and website URL, entity id and name, then reports success', async () => {
    jest.mocked(pages.config.setConfig).mockResolvedValue();
    const page = renderPage();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Queue' }), { target: { value: 'queue:7' } });
    await waitFor(() => expect(lastValidity()).toBe(true));
    const event = page.save();
    await waitFor(() => expect(event.notifySuccess).toHaveBeenCalled());
    expect(pages.config.setConfig).toHaveBeenCalledWith({
      contentUrl: 'https://docs.contoso.example/teams/queues/7',
      websiteUrl: 'https://docs.contoso.example/teams/queues/7',
      entityId: 'datahaven-queue-7',
      suggestedDisplayName: 'Approval L1',
    });
    expect(event.notifyFailure).not.toHaveBeenCalled();
  });

  it('saves a queue type as /teams/queue-types/<id> named after the type', async () => {
    jest.mocked(pages.config.setConfig).mockResolvedValue();
    const page = renderPage();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Queue' }), { target: { value: 'queueType:3' } });
    await waitFor(() => expect(lastValidity()).toBe(true));
    const event = page.save();
    await waitFor(() => expect(event.notifySuccess).toHaveBeenCalled());
    expect(pages.config.setConfig).toHaveBeenCalledWith(
      expect.objectContaining({
        contentUrl: 'https://docs.contoso.example/teams/queue-types/3',
        entityId: 'datahaven-queuetype-3',
        suggestedDisplayName: 'Approval',
      }),
    );
  });

  it('reports the failure in words when Teams refuses the configuration', async () => {
    jest.mocked(pages.config.setConfig).mockRejectedValue(new Error('The tab could not be saved: the channel is read-only.'));
    const page = renderPage();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Queue' }), { target: { value: 'queue:8' } });
    await waitFor(() => expect(lastValidity()).toBe(true));
    const event = page.save();
    await waitFor(() => expect(event.notifyFailure).toHaveBeenCalledWith('The tab could not be saved: the channel is read-only.'));
    expect(event.notifySuccess).not.toHaveBeenCalled();
  });

  it('refuses a save with nothing chosen', async () => {
    const page = renderPage();
    await screen.findByRole('combobox', { name: 'Queue' });
    const event = page.save();
    expect(event.notifyFailure).toHaveBeenCalledWith(CONFIGURE_TEXT.nothingChosen);
    expect(pages.config.setConfig).not.toHaveBeenCalled();
  });

  it('starts a tab being reconfigured at its saved queue, with Save enabled', async () => {
    renderPage({ entityId: 'datahaven-queue-8', contentUrl: 'https://docs.contoso.example/teams/queues/8' });
    const select = await screen.findByRole('combobox', { name: 'Queue' });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('queue:8'));
    await waitFor(() => expect(lastValidity()).toBe(true));
  });
});
