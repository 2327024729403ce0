import { memo, useEffect, useRef, useState } from "react";
import { NativeSearchField } from "../../ui/NativeSearchField";
import { useLatest } from "../../ui/use-latest";
import type { QueryChangeOptions } from "./use-paged-list-screen";

/** Debounce of the list search boxes (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchProps {
  label: string;
  value: string;
  /** Read when the search is sent (the latest one counts: it need not keep its identity across renders). */
  onSearch: (text: string, options?: QueryChangeOptions) => void;
  className?: string;
}

/**
 * The list search box: typed text goes to the URL after SEARCH_DEBOUNCE_MS (Enter at once); a URL change that
 * did not come from here (Back, a link) replaces the text. Changing page does not render it again (nor the
 * filter): an agent's click on "Next" re-renders only what changes, which counts on a slow computer.
 */
export const DebouncedSearchField = memo(
  DebouncedSearch,
  (a, b) => a.label === b.label && a.value === b.value && a.className === b.className,
);

function DebouncedSearch({ label, value, onSearch, className }: SearchProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useLatest(onSearch);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text;
      search.current(text, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, text]);

  return (
    <NativeSearchField
      label={label}
      value={text}
      onChange={setText}
      onSubmit={(submitted) => {
        sent.current = submitted;
        search.current(submitted);
      }}
      onClear={() => {
        sent.current = "";
        search.current("");
      }}
      className={className}
    />
  );
}
