// The hero's rotating word: typed letter by letter, held, erased, next word, with 500 ms pauses.
// With prefers-reduced-motion the words swap whole, without the typing.
import { useEffect, useState } from 'react';

const TYPE_MS = 110;
const ERASE_MS = 60;
const PAUSE_MS = 500;
const REDUCED_SWAP_MS = 2500;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

export function TypingWord({ words }: { words: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(words[0]?.length ?? 0);
  const [erasing, setErasing] = useState(false);
  const [reduced] = useState(prefersReducedMotion);
  const word = words[index % words.length] ?? '';

  useEffect(() => {
    if (reduced) {
      const timer = setTimeout(() => setIndex((i) => (i + 1) % words.length), REDUCED_SWAP_MS);
      return () => clearTimeout(timer);
    }
    let delay: number;
    let step: () => void;
    if (!erasing && length < word.length) {
      delay = TYPE_MS;
      step = () => setLength(length + 1);
    } else if (!erasing) {
      delay = PAUSE_MS;
      step = () => setErasing(true);
    } else if (length > 0) {
      delay = ERASE_MS;
      step = () => setLength(length - 1);
    } else {
      delay = PAUSE_MS;
      step = () => {
        setErasing(false);
        setIndex((i) => (i + 1) % words.length);
      };
    }
    const timer = setTimeout(step, delay);
    return () => clearTimeout(timer);
  }, [reduced, erasing, length, word, words.length]);

  const shown = reduced ? word : word.slice(0, length);
  return (
    <span className="typing-word">
      {/* Screen readers get the whole list once instead of a stream of letters. */}
      <span aria-hidden="true">
        {shown}
        <span className="typing-word__caret" />
      </span>
      <span className="visually-hidden">{words.join(', ')}</span>
    </span>
  );
}
