// A date as yyyy-mm-dd in the reader's time zone. A server-rendered page and its hydration show it in UTC (the
// server cannot know the zone, and the hydrating render must draw what the server drew), then the reader's own.
import { useSyncExternalStore } from 'react';
import { formatDate } from '../lib/format';

const noSubscription = () => () => {};

export function LocalDate({ iso }: { iso: string }) {
  const text = useSyncExternalStore(
    noSubscription,
    () => formatDate(iso),
    () => formatDate(iso, 'UTC'),
  );
  return <time dateTime={iso}>{text}</time>;
}
