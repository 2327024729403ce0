import { useState } from "react";
import { AlertDialog } from "./AlertDialog";
import { Button, type ButtonSize, type ButtonVariant } from "./Button";

export interface ConfirmButtonProps {
  /** Text of the trigger button. */
  label: string;
  /** Dialog title (the question, e.g. "Supprimer cet agent ?"). */
  title: string;
  /** Optional explanation under the title. */
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Variant of the confirm button in the dialog (default destructive). */
  confirmVariant?: "destructive" | "primary";
  /** Returning a promise shows the pending state and closes the dialog once it resolves. */
  onConfirm: () => void | Promise<unknown>;
  isDisabled?: boolean;
  className?: string;
  "aria-label"?: string;
}

/** A button that asks for confirmation in an AlertDialog before running `onConfirm`. */
export function ConfirmButton({
  label,
  title,
  message,
  confirmLabel,
  cancelLabel,
  variant = "secondary",
  size = "md",
  confirmVariant = "destructive",
  onConfirm,
  isDisabled,
  className,
  "aria-label": ariaLabel,
}: ConfirmButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        isDisabled={isDisabled}
        className={className}
        aria-label={ariaLabel}
        onPress={() => setOpen(true)}
      >
        {label}
      </Button>
      <AlertDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={title}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        variant={confirmVariant}
        isPending={isPending}
        onConfirm={() => {
          const result = onConfirm();
          if (!(result instanceof Promise)) return;
          setPending(true);
          return result.finally(() => setPending(false));
        }}
      >
        {message}
      </AlertDialog>
    </>
  );
}
