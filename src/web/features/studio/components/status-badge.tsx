import type { Status } from '../../../../shared/studio-rules';

export function StatusBadge({ status }: { status: Status }) {
  return (
    <span className={`status-badge status-badge--${status}`}>{status === 'published' ? 'Published' : 'Draft'}</span>
  );
}
