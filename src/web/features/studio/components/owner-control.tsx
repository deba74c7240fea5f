// 'Owner' in an editor: whose item it is (the site's, when it has no author), and for admins a choice of author or
// admin to hand it to. The server refuses anyone else and any other person.
import { type FormEvent, useId, useState } from 'react';
import { useMe } from '../../../lib/use-me';
import { useSite } from '../../../lib/use-site';
import { useUsers } from '../api/get-users';
import { useSetOwner } from '../api/set-owner';
import { NOUN, type StudioKind } from '../api/studio-kinds';
import './owner.css';

interface OwnerControlProps {
  kind: StudioKind;
  id: string;
  author: { _id: string; name: string } | null;
}

export function OwnerControl({ kind, id, author }: OwnerControlProps) {
  const { siteName } = useSite();
  const isAdmin = useMe().data?.role === 'admin';
  const ownerName = author ? author.name : `${siteName} (the site)`;
  return (
    <section className="studio-owner" aria-label="Owner">
      <p className="studio-editor__meta">
        Owner: <strong>{ownerName}</strong>
      </p>
      {isAdmin && <HandOver kind={kind} id={id} author={author} />}
    </section>
  );
}

function HandOver({ kind, id, author }: OwnerControlProps) {
  const selectId = useId();
  const users = useUsers('');
  const setOwner = useSetOwner(kind, id);
  const [chosen, setChosen] = useState('');
  const [message, setMessage] = useState<{ text: string; kind: 'success' | 'danger' } | null>(null);
  const candidates = (users.data ?? []).filter((user) => user.role === 'author' || user.role === 'admin');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setMessage(null);
    setOwner.mutate(chosen, {
      onSuccess: (item) =>
        setMessage({ text: `This ${NOUN[kind]} is now ${item.author?.name ?? 'the site'}’s.`, kind: 'success' }),
      onError: (error) => setMessage({ text: `The owner was not changed: ${error.message}`, kind: 'danger' }),
    });
  }

  return (
    <form className="studio-owner__form" onSubmit={submit}>
      <label htmlFor={selectId}>Hand this {NOUN[kind]} to</label>
      <div className="studio-owner__row">
        <select
          id={selectId}
          className="input"
          value={chosen}
          disabled={users.isPending}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">{users.isPending ? 'Loading authors…' : 'Choose an author or admin'}</option>
          {candidates.map((user) => (
            <option key={user._id} value={user._id} disabled={user._id === author?._id}>
              {user.name} ({user.role})
            </option>
          ))}
        </select>
        <button type="submit" className="button button--ghost" disabled={!chosen || setOwner.isPending}>
          Change owner
        </button>
      </div>
      <p
        className={message ? `studio-message studio-message--${message.kind}` : 'studio-message'}
        role="status"
        aria-live="polite"
      >
        {message?.text}
      </p>
    </form>
  );
}
