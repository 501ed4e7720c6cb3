import { useCallback, useMemo, useState } from 'react';

interface Identified {
  _id: string;
}

/**
 * The selected rows among those shown, in the order shown. A row the search or a filter hides is
 * never acted on, even if it was ticked before: an action touches only what the admin can see.
 */
export function selectedAmong<T extends Identified>(selected: ReadonlySet<string>, shown: readonly T[]): T[] {
  if (selected.size === 0) return [];
  return shown.filter((row) => selected.has(row._id));
}

/**
 * "Select all": every row shown (not only the rows drawn in the window), or, when every row shown
 * is already selected, none of them. Selections outside what is shown are left alone.
 */
export function toggleAllShown<T extends Identified>(
  selected: ReadonlySet<string>,
  shown: readonly T[],
): Set<string> {
  const next = new Set(selected);
  const allShownSelected = shown.length > 0 && shown.every((row) => selected.has(row._id));
  for (const row of shown) {
    if (allShownSelected) next.delete(row._id);
    else next.add(row._id);
  }
  return next;
}

/** The header box's state: checked, mixed, or not. */
export const selectAllState = (selectedShown: number, shown: number): boolean | 'mixed' =>
  selectedShown === 0 || shown === 0 ? false : selectedShown === shown ? true : 'mixed';

/** Row selection for the Applications list. */
export function useSelection<T extends Identified>(shown: readonly T[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => selectedAmong(selected, shown), [selected, shown]);
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(() => setSelected((current) => toggleAllShown(current, shown)), [shown]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const isSelected = useCallback((id: string) => selected.has(id), [selected]);
  return {
    /** The selected rows that are shown, in order: what an action applies to. */
    rows,
    count: rows.length,
    all: selectAllState(rows.length, shown.length),
    isSelected,
    toggle,
    toggleAll,
    clear,
  };
}
