// '/studio/users' (admins): find people by name or email and set their role. A bootstrap admin (ADMIN_EMAILS)
// cannot be changed here and says so; when the server refuses a change (the last admin, say) its words are shown.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Me, StudioUser } from '../../../shared/studio';
import { ROLES, type Role } from '../../../shared/studio-rules';
import { Loading } from '../../components/loading';
import { useSession } from '../../lib/session';
import { meQueryKey } from '../../lib/use-me';
import { useUsers } from './api/get-users';
import { useSetRole } from './api/set-role';
import { LoadError } from '../../components/query-view';
import { deniedReason, NotAllowed } from './components/not-allowed';
import { StudioFrame, StudioGate } from './components/studio-gate';

export default function UsersPage() {
  return <StudioGate admin>{(me) => <UsersScreen me={me} />}</StudioGate>;
}

const ROLE_NAMES: Record<Role, string> = { learner: 'Learner', author: 'Author', admin: 'Admin' };

function UsersScreen({ me }: { me: Me }) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const users = useUsers(q);
  const [message, setMessage] = useState<{ text: string; kind: 'success' | 'danger' } | null>(null);

  const reason = users.isError ? deniedReason(users.error) : null;
  if (reason) return <NotAllowed reason={reason} />;

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(text.trim());
  }

  return (
    <StudioFrame me={me}>
      <h1 className="page-title">Users and roles</h1>
      <form className="studio-search" role="search" onSubmit={search}>
        <label htmlFor={searchId}>Search users by name or email</label>
        <div className="studio-search__row">
          <input
            id={searchId}
            className="input"
            type="search"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      <p
        className={message ? `studio-message studio-message--${message.kind}` : 'studio-message'}
        role="status"
        aria-live="polite"
      >
        {message?.text}
      </p>
      {users.isPending && <Loading label="Loading users…" />}
      {users.isError && <LoadError what="Users" error={users.error} onRetry={() => void users.refetch()} />}
      {users.data &&
        (users.data.length === 0 ? (
          <p className="empty-state">No user matches “{q}”.</p>
        ) : (
          <div className="studio-table-wrap">
            <table className="studio-table">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <UserRow key={user._id} user={user} me={me} onMessage={setMessage} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </StudioFrame>
  );
}

function UserRow({
  user,
  me,
  onMessage,
}: {
  user: StudioUser;
  me: Me;
  onMessage: (message: { text: string; kind: 'success' | 'danger' }) => void;
}) {
  const selectId = useId();
  const hintId = useId();
  const setRole = useSetRole();
  const queryClient = useQueryClient();
  const { token } = useSession();
  // While the change is on its way the select shows the new role; on a refusal it falls back to the server's.
  const shown = setRole.isPending ? setRole.variables.role : user.role;

  function change(role: Role) {
    setRole.mutate(
      { userId: user._id, role },
      {
        onSuccess: (updated) => {
          onMessage({ text: `${updated.name} is now ${ROLE_NAMES[updated.role].toLowerCase()}.`, kind: 'success' });
          // Changing one's own role changes what this Studio may show.
          if (updated._id === me._id) void queryClient.invalidateQueries({ queryKey: meQueryKey(token) });
        },
        onError: (err) => onMessage({ text: `${user.name}'s role was not changed: ${err.message}`, kind: 'danger' }),
      },
    );
  }

  return (
    <tr>
      <th scope="row">{user.name}</th>
      <td className="studio-table__email">{user.email}</td>
      <td>
        <label htmlFor={selectId} className="visually-hidden">
          Role of {user.name}
        </label>
        <select
          id={selectId}
          className="studio-select"
          value={shown}
          disabled={user.bootstrapAdmin || setRole.isPending}
          aria-describedby={user.bootstrapAdmin ? hintId : undefined}
          onChange={(event) => change(event.target.value as Role)}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </select>
        {user.bootstrapAdmin && (
          <p id={hintId} className="studio-hint">
            Always an admin: this email is listed in the server&apos;s ADMIN_EMAILS setting, so the Studio cannot change
            its role.
          </p>
        )}
      </td>
    </tr>
  );
}
