import type { ApiClient } from './ApiClient';
import { annotationsApi, type AnnotationsApi } from './annotationsApi';
import { documentsApi, type DocumentsApi } from './documentsApi';
import { eventsApi, type EventsApi } from './eventsApi';
import { exportApi, type ExportApi } from './exportApi';
import { linkApi, type LinkApi } from './linkApi';
import { mailDraftsApi, type MailDraftsApi } from './mailDraftsApi';
import { mailImportApi, type MailImportApi } from './mailImportApi';
import { metadataApi, type MetadataApi } from './metadataApi';
import { newCardApi, type NewCardApi } from './newCardApi';
import { notesApi, type NotesApi } from './notesApi';
import { optionsApi, type OptionsApi } from './optionsApi';
import { pageWorkApi, type PageWorkApi } from './pageWorkApi';
import { privilegesApi, type PrivilegesApi } from './privilegesApi';
import { propertiesApi, type PropertiesApi } from './propertiesApi';
import { searchApi, type SearchApi } from './searchApi';
import { spreadsheetApi, type SpreadsheetApi } from './spreadsheetApi';
import { versionApi, type VersionApi } from './versionApi';
import { workflowApi, type WorkflowApi } from './workflowApi';

/**
 * Every resource module over one client; one instance per mounted app (provider scope). Every
 * HTTP call of the core is a resource's call here, so its path, query, body and answer type are
 * written once, in api/ (lint: datahaven/http-through-api).
 */
export interface ApiServices {
  annotations: AnnotationsApi;
  documents: DocumentsApi;
  /** The live updates stream (GET /events). */
  events: EventsApi;
  export: ExportApi;
  link: LinkApi;
  mailDrafts: MailDraftsApi;
  mailImport: MailImportApi;
  metadata: MetadataApi;
  newCard: NewCardApi;
  notes: NotesApi;
  options: OptionsApi;
  pageWork: PageWorkApi;
  privileges: PrivilegesApi;
  properties: PropertiesApi;
  search: SearchApi;
  /** Queue lists, search results and approval histories as .xlsx or CSV (issue 40 item 7). */
  spreadsheets: SpreadsheetApi;
  version: VersionApi;
  workflow: WorkflowApi;
}

/** Creates every resource module over one ApiClient. */
export function apiServices(client: ApiClient): ApiServices {
  return {
    annotations: annotationsApi(client),
    documents: documentsApi(client),
    events: eventsApi(client),
    export: exportApi(client),
    link: linkApi(client),
    mailDrafts: mailDraftsApi(client),
    mailImport: mailImportApi(client),
    metadata: metadataApi(client),
    newCard: newCardApi(client),
    notes: notesApi(client),
    options: optionsApi(client),
    pageWork: pageWorkApi(client),
    privileges: privilegesApi(client),
    properties: propertiesApi(client),
    search: searchApi(client),
    spreadsheets: spreadsheetApi(client),
    version: versionApi(client),
    workflow: workflowApi(client),
  };
}
