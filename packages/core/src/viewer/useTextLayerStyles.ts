import { makeStyles, tokens } from '@fluentui/react-components';

/** A see-through mix of a theme colour: the page's own pixels must show through selections and marks. */
function seeThrough(colour: string, percent: number): string {
  return `color-mix(in srgb, ${colour} ${percent}%, transparent)`;
}

/**
 * The styles pdf.js's TextLayer expects (its pdf_viewer.css, the text-layer part): transparent
 * spans placed over the canvas so text can be selected, copied and read by screen readers,
 * sized by the CSS variables the page sets (--total-scale-factor) and turned by
 * data-main-rotation. Find matches are <mark> elements inside the spans.
 */
export const useTextLayerStyles = makeStyles({
  layer: {
    position: 'absolute',
    left: 0,
    top: 0,
    // Its own stacking context: the spans' z-index stays inside it, so the annotation layer drawn
    // after it stays on top (and takes the pointer while a drawing tool is on).
    zIndex: 0,
    overflow: 'clip',
    lineHeight: 1,
    textAlign: 'initial',
    transformOrigin: '0 0',
    WebkitTextSizeAdjust: 'none',
    textSizeAdjust: 'none',
    forcedColorAdjust: 'none',
    caretColor: 'CanvasText',
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
    '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
    '& > span, & > br': {
      color: 'transparent',
      position: 'absolute',
      whiteSpace: 'pre',
      cursor: 'text',
      transformOrigin: '0% 0%',
    },
    '& > span': {
      zIndex: 1,
      fontSize: 'calc(var(--text-scale-factor) * var(--font-height, 0))',
      transform: 'rotate(var(--rotate, 0deg)) scaleX(var(--scale-x, 1)) scale(var(--min-font-size-inv))',
    },
    '& ::selection': { backgroundColor: seeThrough(tokens.colorBrandBackground, 30) },
    '& br::selection': { backgroundColor: 'transparent' },
    '& mark': {
      color: 'transparent',
      backgroundColor: seeThrough(tokens.colorPaletteYellowBackground3, 45),
      borderRadius: '2px',
      margin: '-1px',
      padding: '1px',
    },
    '& mark[data-active="true"]': {
      backgroundColor: seeThrough(tokens.colorPaletteDarkOrangeBackground3, 60),
      outline: `2px solid ${tokens.colorPaletteDarkOrangeBorder2}`,
    },
    '@media (forced-colors: active)': {
      '& mark': { backgroundColor: 'transparent', outline: '1px solid Highlight' },
      '& mark[data-active="true"]': { outline: '3px solid Highlight' },
    },
    '&[data-main-rotation="90"]': { transform: 'rotate(90deg) translateY(-100%)' },
    '&[data-main-rotation="180"]': { transform: 'rotate(180deg) translate(-100%, -100%)' },
    '&[data-main-rotation="270"]': { transform: 'rotate(270deg) translateX(-100%)' },
  },
});
