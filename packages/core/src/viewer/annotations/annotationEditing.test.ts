import { ANNOTATION_TYPES } from '../../model';
import {
  DEFAULT_TEXT_BOX,
  KEYBOARD_SHAPE,
  MIN_ANNOTATION_SIZE,
  centredShape,
  draftFromDrag,
  growShape,
  handlePositions,
  moveShape,
  resizeShape,
  sameBox,
} from './annotationEditing';

const PAGE = { width: 1700, height: 2200 };
const RECT = { type: ANNOTATION_TYPES.solidRectangle, x: 100, y: 200, width: 300, height: 100 };
const LINE = { type: ANNOTATION_TYPES.line, x: 500, y: 500, width: -200, height: 100 };

describe('drawing a draft', () => {
  it('draws the positive box between the two points whichever way the drag went', () => {
    expect(draftFromDrag(ANNOTATION_TYPES.hollowEllipse, { x: 400, y: 300 }, { x: 100.4, y: 200.2 }, PAGE)).toEqual({
      type: ANNOTATION_TYPES.hollowEllipse,
      x: 100,
      y: 200,
      width: 300,
      height: 100,
    });
  });

  it('keeps a line in the direction it was drawn', () => {
    expect(draftFromDrag(ANNOTATION_TYPES.line, { x: 500, y: 500 }, { x: 300, y: 600 }, PAGE)).toEqual(LINE);
  });

  it('stops a drag at the page edge', () => {
    expect(draftFromDrag(ANNOTATION_TYPES.area, { x: 1600, y: -50 }, { x: 1900, y: 100 }, PAGE)).toEqual({
      type: ANNOTATION_TYPES.area,
      x: 1600,
      y: 0,
      width: 100,
      height: 100,
    });
  });

  it('ignores a click with a shape tool but places a default text box or note', () => {
    expect(draftFromDrag(ANNOTATION_TYPES.solidRectangle, { x: 10, y: 10 }, { x: 12, y: 13 }, PAGE)).toBeNull();
    expect(draftFromDrag(ANNOTATION_TYPES.line, { x: 10, y: 10 }, { x: 10 + MIN_ANNOTATION_SIZE - 1, y: 10 }, PAGE)).toBeNull();
    expect(draftFromDrag(ANNOTATION_TYPES.textbox, { x: 10, y: 10 }, { x: 10, y: 10 }, PAGE)).toEqual({
      type: ANNOTATION_TYPES.textbox,
      x: 10,
      y: 10,
      ...DEFAULT_TEXT_BOX,
    });
    // Near the bottom-right corner the default box moves inside the page.
    expect(draftFromDrag(ANNOTATION_TYPES.note, { x: 1690, y: 2190 }, { x: 1690, y: 2190 }, PAGE)).toEqual({
      type: ANNOTATION_TYPES.note,
      x: 1700 - DEFAULT_TEXT_BOX.width,
      y: 2200 - DEFAULT_TEXT_BOX.height,
      ...DEFAULT_TEXT_BOX,
    });
  });
});

describe('moving and resizing', () => {
  it('moves by the drag and stops at the page edges', () => {
    expect(moveShape(RECT, { x: 50, y: -20 }, PAGE)).toMatchObject({ x: 150, y: 180, width: 300, height: 100 });
    expect(moveShape(RECT, { x: -500, y: 5000 }, PAGE)).toMatchObject({ x: 0, y: 2100 });
    // A line going left keeps its run; its leftmost end stops at 0.
    expect(moveShape(LINE, { x: -400, y: 0 }, PAGE)).toEqual({ ...LINE, x: 200 });
  });

  it('drags one edge or corner and keeps the opposite one', () => {
    expect(resizeShape(RECT, 'se', { x: 600, y: 400 }, PAGE)).toMatchObject({ x: 100, y: 200, width: 500, height: 200 });
    expect(resizeShape(RECT, 'w', { x: 50, y: 9999 }, PAGE)).toMatchObject({ x: 50, y: 200, width: 350, height: 100 });
    expect(resizeShape(RECT, 'n', { x: 0, y: 250 }, PAGE)).toMatchObject({ x: 100, y: 250, width: 300, height: 50 });
  });

  it('never turns a box inside out nor below the smallest size', () => {
    expect(resizeShape(RECT, 'e', { x: 0, y: 0 }, PAGE)).toMatchObject({ x: 100, width: MIN_ANNOTATION_SIZE });
    expect(resizeShape(RECT, 'nw', { x: 2000, y: 2000 }, PAGE)).toMatchObject({
      x: 400 - MIN_ANNOTATION_SIZE,
      y: 300 - MIN_ANNOTATION_SIZE,
    });
  });

  it('moves one end of a line and keeps the other', () => {
    expect(resizeShape(LINE, 'end', { x: 900, y: 900 }, PAGE)).toEqual({ ...LINE, width: 400, height: 400 });
    expect(resizeShape(LINE, 'start', { x: 0, y: 0 }, PAGE)).toEqual({ ...LINE, x: 0, y: 0, width: 300, height: 600 });
  });

  it('offers eight handles on a box and two on a line', () => {
    expect(handlePositions(RECT).map((handle) => handle.handle)).toEqual(['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w']);
    expect(handlePositions(RECT)[4].point).toEqual({ x: 400, y: 300 });
    expect(handlePositions(LINE)).toEqual([
      { handle: 'start', point: { x: 500, y: 500 } },
      { handle: 'end', point: { x: 300, y: 600 } },
    ]);
  });

  it('tells an unchanged box', () => {
    expect(sameBox(RECT, { ...RECT })).toBe(true);
    expect(sameBox(RECT, { ...RECT, x: 101 })).toBe(false);
  });
});

describe('keyboard placing and sizing', () => {
  it('centres a new shape on the page, text types at the text box size and lines level', () => {
    expect(centredShape(ANNOTATION_TYPES.area, PAGE)).toEqual({ type: ANNOTATION_TYPES.area, x: 650, y: 1000, ...KEYBOARD_SHAPE });
    expect(centredShape(ANNOTATION_TYPES.note, PAGE)).toEqual({ type: ANNOTATION_TYPES.note, x: 650, y: 1040, ...DEFAULT_TEXT_BOX });
    expect(centredShape(ANNOTATION_TYPES.line, PAGE)).toEqual({ type: ANNOTATION_TYPES.line, x: 650, y: 1100, width: 400, height: 0 });
    expect(centredShape(ANNOTATION_TYPES.highlight, { width: 100, height: 50 })).toMatchObject({ x: 0, y: 0, width: 100, height: 50 });
  });

  it('grows a box from its bottom-right corner and moves a line end, within the page and the smallest size', () => {
    expect(growShape(RECT, { x: 30, y: -20 }, PAGE)).toMatchObject({ x: 100, y: 200, width: 330, height: 80 });
    expect(growShape(RECT, { x: -1000, y: 0 }, PAGE)).toMatchObject({ width: MIN_ANNOTATION_SIZE });
    expect(growShape(LINE, { x: 10, y: 10 }, PAGE)).toEqual({ ...LINE, width: -190, height: 110 });
  });
});
