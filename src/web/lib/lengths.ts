// A length as the cards and the course page say it ('12 min', '1 h 5 min').

/** A course's length for a card: '12 min', '1 h 5 min' (at least '1 min'). */
export function formatLength(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
