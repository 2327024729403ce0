import { useRef, type ReactNode } from "react";
import { NativeButton } from "../../ui/NativeButton";
import type { ButtonVariant } from "../../ui/classes";

export interface FilePickerProps {
  readonly label: ReactNode;
  readonly variant?: ButtonVariant;
  /** Types offered by the browser's picker. */
  readonly accept: readonly string[];
  /** Offer the phone's camera facing this way instead of the gallery (`capture`). */
  readonly capture?: "user" | "environment";
  readonly onSelect: (files: FileList | null) => void;
}

/** A button that opens the browser's file picker: a hidden file input it clicks. */
export function FilePicker({ label, variant = "primary", accept, capture, onSelect }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept.join(",")}
        capture={capture}
        hidden
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          onSelect(event.target.files);
          // Choosing the same file again must fire again.
          event.target.value = "";
        }}
      />
      <NativeButton variant={variant} onClick={() => input.current?.click()}>
        {label}
      </NativeButton>
    </>
  );
}
