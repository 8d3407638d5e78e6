import { useRef, useState, type RefObject } from 'react';
import { inlineViewerPaneAfterResize } from '../../rules';
import type { WorkflowPreferences } from '../../state/WorkflowPreferences';

/** The inline viewer pane of a list screen: Autoview, the pane's size and whether it shows. */
export interface InlineViewerPaneState {
  autoview: boolean;
  /** Turns Autoview on or off and remembers it (spec §3 local storage 'autoview'). */
  setAutoview(on: boolean): void;
  /** The pane's share in percent (stored bottom-pane size, or 50). */
  size: number;
  /** False after the user set the size below 10 % until "Show viewer". */
  visible: boolean;
  show(): void;
  /** The PaneSplitter's onChange: spec §4 — below 10 % hides and resets to 50, otherwise shows and stores. */
  resize(percent: number): void;
  /** The element both panes share, for the splitter's pointer maths. */
  splitRef: RefObject<HTMLDivElement | null>;
}

/** The spec's inline viewer (§4 "Inline viewer") over the stored workflow preferences; one per list screen. */
export function useInlineViewerPane(preferences: WorkflowPreferences): InlineViewerPaneState {
  const [autoview, setAutoviewState] = useState(() => preferences.autoview());
  const [size, setSize] = useState(() => preferences.paneSize());
  const [visible, setVisible] = useState(true);
  const splitRef = useRef<HTMLDivElement>(null);
  return {
    autoview,
    setAutoview: (on) => {
      setAutoviewState(on);
      preferences.setAutoview(on);
    },
    size,
    visible,
    show: () => setVisible(true),
    resize: (percent) => {
      const next = inlineViewerPaneAfterResize(percent);
      setVisible(next.visible);
      setSize(next.size);
      preferences.setPaneSize(next.size);
    },
    splitRef,
  };
}
