import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import type { HostAdapter } from '../host';
import { DatahavenServicesProvider, type DatahavenServices } from './app/DatahavenServices';
import { ToastProvider } from './app/useToast';
import { UI_TEXT } from '../locale/uiText';
import { HostThemeProvider } from './theme/HostThemeProvider';
import { HostRouter } from './routing/HostRouter';
import { LastRouteRecorder } from './routing/LastRouteRecorder';
import { RootScreen } from './routing/RootScreen';
import { AppErrorBoundary } from './shell/AppErrorBoundary';
import { NotFoundScreen } from './shell/NotFoundScreen';
import { Shell } from './shell/Shell';
import { UnhandledErrorLogger } from './shell/UnhandledErrorLogger';
import { NewCardRecordEvents } from './newCard/NewCardRecordEvents';
import { WorkflowLayout } from './workflow/WorkflowLayout';
import { WorkflowRedirect } from './workflow/WorkflowRedirect';
import { WorkflowVersionRedirect } from './workflow/WorkflowVersionRedirect';
import type { WorkflowBase } from './workflow/useWorkflowBase';
import { READ_MAIL_PATH } from './mail/readMailPath';

const FoldersScreen = lazy(() =>
  import(/* webpackChunkName: "folders" */ './folders/FoldersScreen').then((m) => ({ default: m.FoldersScreen })),
);
const ViewerScreen = lazy(() =>
  import(/* webpackChunkName: "viewer" */ './viewer/ViewerScreen').then((m) => ({ default: m.ViewerScreen })),
);
const NotesScreen = lazy(() => import(/* webpackChunkName: "notes" */ './notes/NotesScreen').then((m) => ({ default: m.NotesScreen })));
const WorkflowRootScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/WorkflowRootScreen').then((m) => ({ default: m.WorkflowRootScreen })),
);
const QueueTypesScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/QueueTypesScreen').then((m) => ({ default: m.QueueTypesScreen })),
);
const QueueTypeQueuesScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/QueueTypeQueuesScreen').then((m) => ({ default: m.QueueTypeQueuesScreen })),
);
const QueuesScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/QueuesScreen').then((m) => ({ default: m.QueuesScreen })),
);
const QueueDocumentsScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/queueDocuments/QueueDocumentsScreen').then((m) => ({
    default: m.QueueDocumentsScreen,
  })),
);
const RouteToScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/routeTo/RouteToScreen').then((m) => ({ default: m.RouteToScreen })),
);
const ApprovalRoutesScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/approvalRoutes/ApprovalRoutesScreen').then((m) => ({
    default: m.ApprovalRoutesScreen,
  })),
);
const QueuesSlimScreen = lazy(() =>
  import(/* webpackChunkName: "workflow" */ './workflow/queuesSlim/QueuesSlimScreen').then((m) => ({ default: m.QueuesSlimScreen })),
);
const CustomDataScreen = lazy(() =>
  import(/* webpackChunkName: "properties" */ './properties/CustomDataScreen').then((m) => ({ default: m.CustomDataScreen })),
);
const SearchScreen = lazy(() =>
  import(/* webpackChunkName: "search" */ './search/SearchScreen').then((m) => ({ default: m.SearchScreen })),
);
const ThumbnailSplitScreen = lazy(() =>
  import(/* webpackChunkName: "pagework" */ './pageWork/ThumbnailSplitScreen').then((m) => ({ default: m.ThumbnailSplitScreen })),
);
const LinkToExistingScreen = lazy(() =>
  import(/* webpackChunkName: "link" */ './link/LinkToExistingScreen').then((m) => ({ default: m.LinkToExistingScreen })),
);
const LaunchLinkedScreen = lazy(() =>
  import(/* webpackChunkName: "launch" */ './launch/LaunchLinkedScreen').then((m) => ({ default: m.LaunchLinkedScreen })),
);
const MetadataEntitiesScreen = lazy(() =>
  import(/* webpackChunkName: "metadata" */ './metadata/MetadataEntitiesScreen').then((m) => ({ default: m.MetadataEntitiesScreen })),
);
const MetadataEntityScreen = lazy(() =>
  import(/* webpackChunkName: "metadata" */ './metadata/MetadataEntityScreen').then((m) => ({ default: m.MetadataEntityScreen })),
);
const EntityRecordsScreen = lazy(() =>
  import(/* webpackChunkName: "metadata" */ './metadata/EntityRecordsScreen').then((m) => ({ default: m.EntityRecordsScreen })),
);
const ReadMailScreen = lazy(() =>
  import(/* webpackChunkName: "mail" */ './mail/ReadMailScreen').then((m) => ({ default: m.ReadMailScreen })),
);
const MergeDocumentsScreen = lazy(() =>
  import(/* webpackChunkName: "pagework" */ './pageWork/MergeDocumentsScreen').then((m) => ({ default: m.MergeDocumentsScreen })),
);

/** The workflow area's prefixes (portal §2): the portal's, and the responsive view that reuses it. */
const WORKFLOW_BASES: readonly WorkflowBase[] = ['/portal/workflow', '/workflow2'];

/** `/portal/workflow` with no child: the workflow root view (portal §2 "(empty): redirects to the workflow root"). */
function WorkflowIndexRedirect(): ReactElement {
  const location = useLocation();
  return <Navigate to={{ pathname: 'auto', search: location.search }} replace />;
}

/** Props of DatahavenApp. */
export interface DatahavenAppProps {
  /** What embeds the app: context, tokens, parent messages, storage, and its capabilities (theme, locale, router, open, save, print). */
  host: HostAdapter;
  /** Ready-made services, for tests. */
  services?: DatahavenServices;
}

/** The whole product UI for one host: providers, the host's router with lazy screens, and the shell. */
export function DatahavenApp({ host, services }: DatahavenAppProps): ReactElement {
  return (
    <DatahavenServicesProvider host={host} services={services}>
      <HostThemeProvider>
        <ToastProvider>
          <HostRouter>
            <UnhandledErrorLogger />
            <NewCardRecordEvents />
            <LastRouteRecorder />
            <Shell>
              <AppErrorBoundary>
                <Suspense fallback={<Spinner label={UI_TEXT.loading} style={{ marginTop: 32 }} />}>
                  <Routes>
                    <Route path="/" element={<RootScreen />} />
                    <Route path="/folders" element={<FoldersScreen />} />
                    <Route path="/folders/:prefix" element={<FoldersScreen />} />
                    <Route path="/viewer/:docId" element={<ViewerScreen />} />
                    <Route path="/notes/:docId" element={<NotesScreen />} />
                    <Route path="/workflow" element={<WorkflowVersionRedirect />} />
                    {/* workflow1 has no UI of its own in this product: it opens the responsive view (docs/UX-DECISIONS.md). */}
                    <Route path="/workflow1" element={<WorkflowRedirect />} />
                    {WORKFLOW_BASES.map((base) => (
                      <Route key={base} path={base} element={<WorkflowLayout base={base} />}>
                        <Route index element={base === '/workflow2' ? <WorkflowRedirect /> : <WorkflowIndexRedirect />} />
                        <Route path="auto" element={<WorkflowRootScreen />} />
                        <Route path="queue-types" element={<QueueTypesScreen />} />
                        <Route path="queue-types/:queueTypeId/queues" element={<QueueTypeQueuesScreen />} />
                        <Route path="queues" element={<QueuesScreen />} />
                        <Route path="queues/:queueId/documents" element={<QueueDocumentsScreen />} />
                        <Route path="queues/:queueId/documents/route" element={<RouteToScreen />} />
                      </Route>
                    ))}
                    <Route path="/approval-routes/:docId" element={<ApprovalRoutesScreen />} />
                    <Route path="/queue-types/:queueTypeId/queues-slim" element={<QueuesSlimScreen />} />
                    <Route path="/documents/:docId/custom" element={<CustomDataScreen />} />
                    <Route path="/search" element={<SearchScreen />} />
                    <Route path="/portal/search" element={<SearchScreen variant="popup" />} />
                    <Route path="/thumbnail-split/:docId" element={<ThumbnailSplitScreen />} />
                    <Route path="/merge-documents" element={<MergeDocumentsScreen />} />
                    <Route path="/link-to-existing/:docId" element={<LinkToExistingScreen />} />
                    <Route path="/launch-linked" element={<LaunchLinkedScreen />} />
                    <Route path="/metadata/entities" element={<MetadataEntitiesScreen />} />
                    <Route path="/metadata/entities/:prefix" element={<MetadataEntitiesScreen />} />
                    <Route path="/metadata-sources/:prefix" element={<MetadataEntitiesScreen variant="source" />} />
                    <Route path="/metadata/entity/:type" element={<MetadataEntityScreen />} />
                    <Route path="/entity-types/:entityTypeName/entities" element={<EntityRecordsScreen />} />
                    <Route path={READ_MAIL_PATH} element={<ReadMailScreen />} />
                    <Route path="*" element={<NotFoundScreen />} />
                  </Routes>
                </Suspense>
              </AppErrorBoundary>
            </Shell>
          </HostRouter>
        </ToastProvider>
      </HostThemeProvider>
    </DatahavenServicesProvider>
  );
}
