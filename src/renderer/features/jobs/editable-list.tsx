import { useEffect, useRef, useState } from 'react';
import { Button, Input } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/headless/svg/add';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { useStyles } from './editable-list.styles';

interface ListEntry {
  key: number;
  value: string;
}

/**
 * A list of text entries: starts with what it is given (at least one entry), can
 * grow, and an entry can be removed only while more than one remains. A new entry takes focus.
 */
export function EditableList({
  legend,
  itemLabel,
  items,
  onChange,
  error,
  idPrefix,
}: {
  legend: string;
  itemLabel: string;
  items: ListEntry[];
  onChange: (items: ListEntry[]) => void;
  error?: string;
  idPrefix: string;
}) {
  const styles = useStyles();
  const inputs = useRef(new Map<number, HTMLInputElement>());
  // A new object per request, so asking for the same entry twice still moves focus.
  const [focusRequest, setFocusRequest] = useState<{ key: number } | null>(null);
  const lower = itemLabel.toLowerCase();

  useEffect(() => {
    if (focusRequest) inputs.current.get(focusRequest.key)?.focus();
  }, [focusRequest]);
  const focusEntry = (key: number) => setFocusRequest({ key });

  const add = () => {
    const key = Math.max(0, ...items.map((item) => item.key)) + 1;
    onChange([...items, { key, value: '' }]);
    focusEntry(key);
  };
  /**
   * Enter in an entry writes the next line, as in a list editor, instead of sending the whole form
   * (which would publish a job with one line). It goes to the following entry when that one is
   * still blank, otherwise a blank one is put right after this one; on a blank entry it stays.
   */
  const nextLine = (index: number) => {
    if (!items[index]!.value.trim()) return;
    const following = items[index + 1];
    if (following && !following.value.trim()) {
      focusEntry(following.key);
      return;
    }
    const key = Math.max(0, ...items.map((item) => item.key)) + 1;
    onChange([...items.slice(0, index + 1), { key, value: '' }, ...items.slice(index + 1)]);
    focusEntry(key);
  };
  const remove = (index: number) => {
    if (items.length <= 1) return;
    const next = items.filter((_, position) => position !== index);
    onChange(next);
    // Focus stays in the list: on the entry that took the removed one's place, or the last one.
    focusEntry(next[Math.min(index, next.length - 1)]!.key);
  };

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <p className={styles.hint}>
        One entry per line on the job card; Enter starts the next one. Empty entries are left out.
      </p>
      {items.map((item, index) => (
        <div key={item.key} className={styles.entry}>
          <span className={styles.entryNumber} aria-hidden="true">
            {index + 1}.
          </span>
          <Input
            className={styles.entryInput}
            ref={(element) => {
              if (element) inputs.current.set(item.key, element);
              else inputs.current.delete(item.key);
            }}
            aria-label={`${itemLabel} ${index + 1}`}
            value={item.value}
            onKeyDown={(event) => {
              // A composing input method uses Enter to pick its text.
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              event.preventDefault();
              nextLine(index);
            }}
            onChange={(_event, data) =>
              onChange(
                items.map((entry) => (entry.key === item.key ? { ...entry, value: data.value } : entry)),
              )
            }
          />
          {items.length > 1 && (
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={`Remove ${lower} ${index + 1}`}
              title={`Remove ${lower}`}
              onClick={() => remove(index)}
            />
          )}
        </div>
      ))}
      {error && (
        <p id={`${idPrefix}-error`} className={styles.listError} role="alert">
          {error}
        </p>
      )}
      <Button className={styles.addButton} appearance="secondary" icon={<AddRegular />} onClick={add}>
        Add {lower}
      </Button>
    </fieldset>
  );
}

export const toEntries = (values: string[]): ListEntry[] =>
  values.map((value, index) => ({ key: index + 1, value }));
