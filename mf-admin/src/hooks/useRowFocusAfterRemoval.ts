import { useCallback, useEffect, useRef } from 'react';

const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Removal {
  row: HTMLTableRowElement;
  rows: HTMLTableSectionElement;
  index: number;
  column: number;
  /** Which of its cell's controls started the removal (Delete after Edit and Message: 2). */
  position: number;
}

/**
 * Where focus goes once a deleted row has left its table:
 * - 'neighbour': the row that took its place, else the row before it (the control in the same
 *   place, else the row's first control), for deletions a confirmation guards;
 * - 'table': the table's caption, for deletions made at once (a second Enter on the next row's
 *   Delete would delete that row too).
 * Either way the caption when no row is left.
 */
export type RowFocusTarget = 'neighbour' | 'table';

const controlsIn = (element: Element | undefined) =>
  element ? [...element.querySelectorAll<HTMLElement>(CONTROLS)] : [];

/**
 * Keeps a keyboard user's place in a table when a row is deleted. `track` the control that starts
 * the deletion (the row's Delete); once that row has left the table, focus moves as `target`
 * says. `forget` when the deletion is cancelled or fails. Without this, focus falls to the page's
 * <body> with the row.
 */
export function useRowFocusAfterRemoval(target: RowFocusTarget = 'neighbour') {
  const removal = useRef<Removal | null>(null);

  // After every render of the component holding the table: the render that drops the row is one.
  useEffect(() => {
    const removed = removal.current;
    if (!removed || removed.row.isConnected) return;
    // The whole table went (another page, an error): there is no place to keep.
    if (!removed.rows.isConnected) {
      removal.current = null;
      return;
    }
    const neighbour =
      target === 'neighbour'
        ? removed.rows.rows[Math.min(removed.index, removed.rows.rows.length - 1)]
        : undefined;
    const inCell = controlsIn(neighbour?.cells[removed.column]);
    const focus =
      inCell[Math.min(removed.position, inCell.length - 1)] ??
      controlsIn(neighbour)[0] ??
      captionOf(removed.rows);
    focus?.focus();
    // While a modal dialog is open (the confirmation, until its call settles) the table is
    // inert and refuses focus: the next render, the one that closes the dialog, tries again.
    if (!focus || document.activeElement === focus) removal.current = null;
  });

  const track = useCallback((control: HTMLElement) => {
    const row = control.closest('tr');
    const cell = control.closest('td');
    const rows = row?.parentElement;
    removal.current =
      row && cell && rows instanceof HTMLTableSectionElement
        ? {
            row,
            rows,
            index: row.sectionRowIndex,
            column: cell.cellIndex,
            position: Math.max(controlsIn(cell).indexOf(control), 0),
          }
        : null;
  }, []);
  const forget = useCallback(() => {
    removal.current = null;
  }, []);
  return { track, forget };
}

/** The table's caption, made focusable from script only (it names the table for screen readers). */
function captionOf(rows: HTMLTableSectionElement): HTMLElement | null {
  const caption = rows.closest('table')?.caption ?? null;
  caption?.setAttribute('tabindex', '-1');
  return caption;
}
