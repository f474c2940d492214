import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

import { Field } from '../../../components/ui/field';
import { BusyButton } from '../../../components/ui/form-parts';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { QueryList } from './tab-section';

type Texts = {
  empty: string;
  add: string;
  adding: string;
  newLabel: string;
  placeholder: string;
  delete: string;
};

type SavedListProps<T extends { id: string }> = {
  query: UseQueryResult<T[]>;
  /** The text of an entry ('12 MG Road, Pune', 'name@okaxis'). */
  textOf: (item: T) => string;
  addItem: (value: string) => Promise<unknown>;
  adding: boolean;
  deleteItem: (id: string) => Promise<unknown>;
  /** The entry being deleted, if any. */
  deletingId: string | undefined;
  texts: Texts;
  added: string;
  deleted: string;
  failed: string;
  multiline?: boolean;
};

/** A saved list (addresses, payment methods): each entry with Delete, and a field to add one. */
export function SavedList<T extends { id: string }>(props: SavedListProps<T>) {
  const { query, textOf, texts, adding } = props;
  const toast = useToast();
  const [draft, setDraft] = useState('');

  const onAdd = async () => {
    const value = draft.trim();
    // A blank entry is ignored.
    if (!value) return;
    try {
      await props.addItem(value);
      setDraft('');
      toast.success(props.added);
    } catch (error) {
      toast.error(getErrorMessage(error, props.failed));
    }
  };

  const onDelete = async (id: string) => {
    try {
      await props.deleteItem(id);
      toast.info(props.deleted);
    } catch (error) {
      toast.error(getErrorMessage(error, props.failed));
    }
  };

  const Control = props.multiline ? 'textarea' : 'input';

  return (
    <div className="saved-list">
      <QueryList query={query} empty={texts.empty}>
        {(items) => (
          <ul className="record-list">
            {items.map((item) => (
              <li key={item.id} className="record">
                <p className="record__text">{textOf(item)}</p>
                <button
                  type="button"
                  className="btn btn--danger btn--sm"
                  onClick={() => void onDelete(item.id)}
                  disabled={props.deletingId === item.id}
                  aria-label={`${texts.delete}: ${textOf(item)}`}
                >
                  {texts.delete}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <form
        className="saved-list__add"
        onSubmit={(event) => {
          event.preventDefault();
          void onAdd();
        }}
        noValidate
      >
        <Field label={texts.newLabel}>
          {(control) => (
            <div className="saved-list__row">
              <Control
                {...control}
                className={props.multiline ? 'textarea saved-list__textarea' : 'input'}
                placeholder={texts.placeholder}
                value={draft}
                onChange={(event: { target: { value: string } }) => setDraft(event.target.value)}
              />
              <BusyButton busy={adding} label={texts.add} busyLabel={texts.adding} />
            </div>
          )}
        </Field>
      </form>
    </div>
  );
}
