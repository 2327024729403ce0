/**
 * The pieces every native form field of the kit shares (NativeTextField, NativeChoiceField, NativeRadioGroup,
 * NativeSelect; the required mark also in react-aria's Field): the required mark, the hint and error under the
 * control, and the ids tying them to it.
 */

/**
 * The red asterisk after a required field's label, in both kits (hidden from assistive technology: the control's
 * aria-required, or react-aria's, says it).
 */
export const RequiredMark = ({ show }: { show?: boolean | undefined }) =>
  show ? (
    <span aria-hidden="true" className="ms-0.5 text-danger-text">
      *
    </span>
  ) : null;

/** Ids of a control's hint and error, and the aria-describedby naming those present. */
export const describedByIds = (id: string, description: string | undefined, errorMessage: string | undefined) => {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = errorMessage ? `${id}-error` : undefined;
  return { descriptionId, errorId, describedBy: [descriptionId, errorId].filter(Boolean).join(" ") || undefined };
};

/** The hint, then the error, under a control (their ids from describedByIds). */
export const HintAndError = ({
  id,
  description,
  errorMessage,
}: {
  id: string;
  description?: string | undefined;
  errorMessage?: string | undefined;
}) => {
  const { descriptionId, errorId } = describedByIds(id, description, errorMessage);
  return (
    <>
      {description && (
        <p id={descriptionId} className="text-sm text-fg-muted">
          {description}
        </p>
      )}
      {errorMessage && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {errorMessage}
        </p>
      )}
    </>
  );
};

/** The chevron drawn over a native <select> (its own arrow is hidden by appearance-none). */
export const SelectChevron = () => (
  <svg
    aria-hidden="true"
    viewBox="0 0 16 16"
    className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted"
  >
    <path
      d="M4 6l4 4 4-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
