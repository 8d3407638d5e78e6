import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  Overflow,
  OverflowDivider,
  OverflowItem,
  Portal,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  makeStyles,
  mergeClasses,
  tokens,
  useFocusFinders,
  useIsOverflowItemVisible,
  useMergedRefs,
  useOverflowMenu,
  usePositioning,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons/svg/more-horizontal';

/** One control of an OverflowToolbar: on the bar while it fits, in the More panel when it does not. */
export interface OverflowToolbarItem {
  /** Unique within the toolbar. */
  id: string;
  /** Higher stays on the bar longer; equal priorities leave from the end. */
  priority: number;
  /** Items of one group share a divider on the bar (shown while one of them is on the bar). */
  group?: string;
  /** The control on the bar. */
  bar: ReactNode;
  /** The control in the More panel, when it differs (an icon-only button gains its name in words there). */
  inPanel?: ReactNode;
}

/** Props of OverflowToolbar. */
export interface OverflowToolbarProps {
  /** The toolbar's accessible name. */
  label: string;
  /** The More button's accessible name and the name of the panel's toolbar ("More viewer tools"). */
  moreLabel: string;
  /** The More button's visible word ("More"); icon only without it. */
  moreText?: string;
  items: readonly OverflowToolbarItem[];
  className?: string;
  /** The class of the More button (a phone's 44 px target, say). */
  moreClassName?: string;
  /** The class of the panel's toolbar (a phone's 44 px targets, say). */
  panelClassName?: string;
  size?: 'small' | 'medium';
}

const useStyles = makeStyles({
  // One line at any width: Overflow measures this row and moves what does not fit into More. Its
  // height is its row's: in a column (the viewer's) a clipped box would otherwise be squeezed.
  bar: { flexWrap: 'nowrap', flexShrink: 0, minWidth: 0, overflow: 'hidden' },
  item: { display: 'inline-flex', alignItems: 'center', flexShrink: 0 },
  more: { marginLeft: 'auto', flexShrink: 0 },
  panel: {
    zIndex: 1000000,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    padding: tokens.spacingVerticalXS,
    maxWidth: 'calc(100vw - 16px)',
    maxHeight: 'calc(100vh - 16px)',
    overflowY: 'auto',
    boxSizing: 'border-box',
  },
  list: { flexDirection: 'column', alignItems: 'stretch', '& button': { justifyContent: 'flex-start' } },
});

/** Elements a click on which opens something of their own (a menu, a popover) rather than acting at once. */
function opensPopup(element: Element): boolean {
  return element.hasAttribute('aria-haspopup') || element.hasAttribute('aria-expanded');
}

/** Whether an element lies in a surface some other control opened (a menu, a dialog, a list box). */
function inOtherSurface(element: Element): boolean {
  return element.closest('[role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]') !== null;
}

/**
 * A toolbar that never wraps (issue 38 "toolbars collapse into an overflow menu, never wrap"): it
 * measures its one row (Fluent's Overflow) at every width and moves the items that do not fit,
 * lowest priority first, behind a "More" button. More opens a panel (a vertical toolbar named
 * after the button) holding those items. Choosing one that acts at once closes the panel, and
 * focus goes to what the action opened (a dialog, the notes panel, the find box) or else back to
 * More; Escape closes it and returns focus to More. The panel's items stay mounted while hidden,
 * so a dialog one of them opened outlives the panel closing. Until the row has a width (jsdom never
 * gives one) every item stays on the bar.
 */
export function OverflowToolbar(props: OverflowToolbarProps): ReactElement {
  const { label, items, className, size = 'small' } = props;
  const styles = useStyles();
  // Overflow measures once the row has a width: before (and where nothing lays out, as in jsdom,
  // whose ResizeObserver stand-ins never report) every item stays on the bar, none hidden by a 0.
  const probeRef = useRef<HTMLDivElement>(null);
  const [measurable, setMeasurable] = useState(false);
  useLayoutEffect(() => {
    const element = probeRef.current;
    if (measurable || !element) return undefined;
    if (element.clientWidth > 0) {
      setMeasurable(true);
      return undefined;
    }
    if (typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) setMeasurable(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [measurable]);
  const bar = items.map((item, index) => {
    const previous = items[index - 1];
    const divider =
      previous !== undefined && item.group !== undefined && previous.group !== item.group ? (
        measurable ? (
          <OverflowDivider key={`divider-${item.id}`} groupId={item.group}>
            <ToolbarDivider />
          </OverflowDivider>
        ) : (
          <ToolbarDivider key={`divider-${item.id}`} />
        )
      ) : null;
    const element = <span className={styles.item}>{item.bar}</span>;
    return (
      <span key={item.id} style={{ display: 'contents' }}>
        {divider}
        {measurable ? (
          <OverflowItem id={item.id} priority={item.priority} groupId={item.group}>
            {element}
          </OverflowItem>
        ) : (
          element
        )}
      </span>
    );
  });
  if (!measurable) {
    return (
      <Toolbar ref={probeRef} aria-label={label} className={mergeClasses(styles.bar, className)} size={size}>
        {bar}
      </Toolbar>
    );
  }
  return (
    // The toolbar's own padding and the More button's margin are reserved, so nothing is cut.
    <Overflow padding={16}>
      <Toolbar aria-label={label} className={mergeClasses(styles.bar, className)} size={size}>
        {bar}
        <MorePanel {...props} />
      </Toolbar>
    </Overflow>
  );
}

/** The More button and its panel of the items the bar has no room for. */
function MorePanel({
  items,
  moreLabel,
  moreText,
  moreClassName,
  panelClassName,
  size = 'small',
}: OverflowToolbarProps): ReactElement | null {
  const styles = useStyles();
  const { ref: overflowRef, isOverflowing } = useOverflowMenu<HTMLButtonElement>();
  const [open, setOpen] = useState(false);
  // Set when an item was chosen: once the panel has closed, focus goes to what the item opened, or back to More.
  const chosen = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { findFirstFocusable } = useFocusFinders();
  const { targetRef, containerRef } = usePositioning({ position: 'below', align: 'end', offset: 4, enabled: open });
  const buttonRef = useMergedRefs(overflowRef, triggerRef, targetRef);
  const surfaceRef = useMergedRefs(panelRef, containerRef);

  useEffect(() => {
    const panel = panelRef.current;
    if (open) {
      // Opened: the first item takes focus, so arrow keys walk the panel at once.
      if (panel) findFirstFocusable(panel)?.focus();
      return undefined;
    }
    if (!chosen.current) return undefined;
    chosen.current = false;
    // The chosen item is hidden now; unless its action took focus somewhere, focus returns to More.
    const trigger = triggerRef.current;
    const active = trigger?.ownerDocument.activeElement ?? null;
    if (active === null || active === trigger?.ownerDocument.body || (panel?.contains(active) ?? false)) trigger?.focus();
    return undefined;
  }, [open, findFirstFocusable]);

  useEffect(() => {
    const owner = triggerRef.current?.ownerDocument;
    if (!open || !owner) return undefined;
    // A press outside the panel and its button closes it (not one in a menu or dialog a panel item opened).
    const onPointerDown = (event: PointerEvent): void => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (panelRef.current?.contains(target) || triggerRef.current?.contains(target) || inOtherSurface(target)) return;
      setOpen(false);
    };
    // An item of a menu a panel item opened (Download's formats, say) was chosen: the panel closes with it.
    const onClick = (event: globalThis.MouseEvent): void => {
      const target = event.target;
      if (!(target instanceof Element) || panelRef.current?.contains(target)) return;
      if (target.closest('[role^="menuitem"]') === null) return;
      chosen.current = true;
      setOpen(false);
    };
    owner.addEventListener('pointerdown', onPointerDown, true);
    owner.addEventListener('click', onClick);
    return () => {
      owner.removeEventListener('pointerdown', onPointerDown, true);
      owner.removeEventListener('click', onClick);
    };
  }, [open]);

  if (!isOverflowing) return null;

  const onPanelClick = (event: MouseEvent<HTMLDivElement>): void => {
    if (!(event.target instanceof Element)) return;
    const control = event.target.closest('button, a, [role="menuitem"], [role="button"]');
    if (control === null || !panelRef.current?.contains(control)) return;
    if (control.getAttribute('aria-disabled') === 'true' || control.hasAttribute('disabled') || opensPopup(control)) return;
    chosen.current = true;
    setOpen(false);
  };
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    // Keys in a dialog or menu an item opened reach here through React's tree: those are theirs.
    if (event.key !== 'Escape' || !(event.target instanceof Node) || !panelRef.current?.contains(event.target)) return;
    // Escape here belongs to the panel, not to the viewer or the pane around it.
    event.stopPropagation();
    event.preventDefault();
    setOpen(false);
    triggerRef.current?.focus();
  };
  return (
    <>
      <ToolbarButton
        ref={buttonRef}
        className={mergeClasses(styles.more, moreClassName)}
        icon={<MoreHorizontalRegular />}
        aria-label={moreLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        {moreText}
      </ToolbarButton>
      <Portal>
        {/* Kept mounted while closed: a dialog an item opened belongs to that item and must outlive the panel. */}
        <div id={panelId} ref={surfaceRef} className={styles.panel} hidden={!open} onClick={onPanelClick} onKeyDown={onPanelKeyDown}>
          <Toolbar vertical aria-label={moreLabel} className={mergeClasses(styles.list, panelClassName)} size={size}>
            {items.map((item) => (
              <PanelEntry key={item.id} item={item} />
            ))}
          </Toolbar>
        </div>
      </Portal>
    </>
  );
}

/** An item in the More panel, present only while the bar has no room for it. */
function PanelEntry({ item }: { item: OverflowToolbarItem }): ReactElement | null {
  const visible = useIsOverflowItemVisible(item.id);
  if (visible) return null;
  return <>{item.inPanel ?? item.bar}</>;
}
