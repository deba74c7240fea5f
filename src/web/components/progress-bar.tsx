// The thin red bar at the top of the page that follows requests (values from lib/progress).
import { useEffect } from 'react';
import { setProgress, useProgress } from '../lib/progress';

const HIDE_AFTER_MS = 400;

export function ProgressBar() {
  const value = useProgress();

  useEffect(() => {
    if (value !== 100) return;
    const timer = setTimeout(() => setProgress(0), HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-hidden={value === 0}
      style={{ transform: `scaleX(${value / 100})`, opacity: value === 0 ? 0 : 1 }}
    />
  );
}
