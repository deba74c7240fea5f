// ✓ beside a passed practice item: a sign for the eye and words for screen readers.
import './practice-list.css';

export function PassedMark() {
  return (
    <span className="practice-mark">
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden"> (passed)</span>
    </span>
  );
}
