import { MESSAGES } from '../rules';

/** The record's folders screen: its toolbar, the folder tree, uploads by drop or button and the uploads panel. */
export const FOLDERS_TEXT = {
  documentActions: 'Document actions',
  upload: 'Upload',
  uploadInto: (folderName: string): string => `Upload into ${folderName}`,
  chooseFiles: 'Choose files to upload',
  /** The line under the toolbar while tagging mode is on. */
  taggingNote: `Tagging mode is on: click a document to add it to ${MESSAGES.taggedItems} or take it out. Single-document actions are off.`,
  loadingFolders: 'Loading folders…',
  noRecord: 'No record is open. Open a vendor or purchase invoice to see its documents.',
  dropFiles: 'Drop files to upload',
  tree: 'Folders',
  /** The title above the ERP's own words when it could not name the record's related records. */
  relatedUnavailable: 'Documents of related records are not shown.',
  retry: 'Retry',

  // The uploads panel
  uploads: 'Uploads',
  uploaded: (fileName: string): string => `Uploaded ${fileName}`,
  uploadingSummary: (finished: number, total: number): string => `Uploading ${finished} of ${total} done`,
  uploadsSummary: (done: number, failed: number): string => `Uploads: ${done} done${failed > 0 ? `, ${failed} failed` : ''}`,
  uploadingPercent: (percent: number, size: string): string => `Uploading ${percent}% of ${size}`,
  processing: 'Processing…',
  uploadDone: 'Uploaded',
  uploadFailed: 'Failed',
  clearFinished: 'Clear finished',
  showUploads: 'Show uploads',
  hideUploads: 'Hide uploads',
  overallProgress: 'Overall upload progress',
  view: 'View',
  viewUploaded: (documentName: string): string => `View ${documentName}`,
  cancelUpload: (fileName: string): string => `Cancel ${fileName}`,
  progressOf: (fileName: string): string => `Progress of ${fileName}`,
} as const;
