import type { ApiClient } from './ApiClient';
import { annotationsApi, type AnnotationsApi } from './annotationsApi';
import { documentsApi, type DocumentsApi } from './documentsApi';
import { exportApi, type ExportApi } from './exportApi';
import { linkApi, type LinkApi } from './linkApi';
import { mailDraftsApi, type MailDraftsApi } from './mailDraftsApi';
import { mailImportApi, type MailImportApi } from './mailImportApi';
import { notesApi, type NotesApi } from './notesApi';
import { optionsApi, type OptionsApi } from './optionsApi';
import { pageWorkApi, type PageWorkApi } from './pageWorkApi';
import { privilegesApi, type PrivilegesApi } from './privilegesApi';
import { propertiesApi, type PropertiesApi } from './propertiesApi';
import { searchApi, type SearchApi } from './searchApi';
import { versionApi, type VersionApi } from './versionApi';
import { workflowApi, type WorkflowApi } from './workflowApi';

/** Every resource module over one client; one instance per mounted app (provider scope). */
export interface ApiServices {
  client: ApiClient;
  annotations: AnnotationsApi;
  documents: DocumentsApi;
  export: ExportApi;
  link: LinkApi;
  mailDrafts: MailDraftsApi;
  mailImport: MailImportApi;
  notes: NotesApi;
  options: OptionsApi;
  pageWork: PageWorkApi;
  privileges: PrivilegesApi;
  properties: PropertiesApi;
  search: SearchApi;
  version: VersionApi;
  workflow: WorkflowApi;
}

/** Creates every resource module over one ApiClient. */
export function apiServices(client: ApiClient): ApiServices {
  return {
    client,
    annotations: annotationsApi(client),
    documents: documentsApi(client),
    export: exportApi(client),
    link: linkApi(client),
    mailDrafts: mailDraftsApi(client),
    mailImport: mailImportApi(client),
    notes: notesApi(client),
    options: optionsApi(client),
    pageWork: pageWorkApi(client),
    privileges: privilegesApi(client),
    properties: propertiesApi(client),
    search: searchApi(client),
    version: versionApi(client),
    workflow: workflowApi(client),
  };
}
