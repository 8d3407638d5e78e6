import { useEffect, type ReactElement } from 'react';
import { AnnotationLayer } from '../../viewer/annotations/AnnotationLayer';
import type { PageView } from '../../viewer/annotations/annotationGeometry';
import type { AnnotationEditor } from './useAnnotationEditor';

/** Props of AnnotationPageLayer. */
export interface AnnotationPageLayerProps {
  editor: AnnotationEditor;
  page: number;
  view: PageView;
}

/** One shown page's AnnotationLayer wired to the document's annotation editor; loads the page's annotations when it first shows. */
export function AnnotationPageLayer({ editor, page, view }: AnnotationPageLayerProps): ReactElement {
  const { loadPage, showPage } = editor;
  useEffect(() => loadPage(page), [loadPage, page]);
  useEffect(() => showPage(page, view), [showPage, page, view]);
  return (
    <AnnotationLayer
      page={page}
      view={view}
      annotations={editor.annotationsFor(page)}
      tool={editor.tool}
      canAdd={editor.canAdd}
      isEditable={editor.isEditable}
      selectedId={editor.selected?.id ?? null}
      color={editor.color}
      textEdit={editor.textEdit?.page === page ? editor.textEdit : null}
      onSelect={editor.select}
      onDraw={editor.draw}
      onReshape={editor.reshape}
      onEditText={editor.editText}
      onCommitText={editor.commitText}
      onCancelText={editor.cancelText}
    />
  );
}
