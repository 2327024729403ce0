export { cx, focusRing, composeTailwindRenderProps } from "./utils";
export { Button, buttonClasses, type ButtonProps, type ButtonVariant, type ButtonSize } from "./Button";
export { Link, type LinkProps } from "./Link";
export { Label, Description, FieldError, Input, TextArea, inputClasses, RequiredMark } from "./Field";
export { TextField, type TextFieldProps } from "./TextField";
export { SearchField, type SearchFieldProps } from "./SearchField";
export { Select, type SelectProps, type SelectOption } from "./Select";
export { ListBox, ListBoxItem } from "./ListBox";
export { Popover } from "./Popover";
export { Form } from "./Form";
export { Modal, type ModalProps } from "./Modal";
export { Dialog, DialogTitle, DialogFooter, DialogTrigger } from "./Dialog";
export { AlertDialog, type AlertDialogProps } from "./AlertDialog";
export { ConfirmButton, type ConfirmButtonProps } from "./ConfirmButton";
export { Table, TableHeader, TableBody, Column, Row, Cell, type TableProps, type TableBodyProps } from "./Table";
export { DisclosureGroup, Disclosure, DisclosureHeader, DisclosurePanel } from "./Disclosure";
export { ProgressBar, type ProgressBarProps } from "./ProgressBar";
export { Meter, type MeterProps, type MeterTone } from "./Meter";
export { Spinner, type SpinnerProps } from "./Spinner";
export { Card, Section, type CardProps, type SectionProps } from "./Card";
export { ErrorSummary, focusField, type ErrorSummaryProps, type FieldErrorItem } from "./ErrorSummary";
export { VisuallyHidden } from "./VisuallyHidden";
export { Details, type DetailsProps } from "./Details";
export { ErrorPanel, type ErrorPanelProps } from "./ErrorPanel";
export { FormDialog, type FormDialogProps } from "./FormDialog";
export { NativeTextField, type NativeTextFieldProps } from "./NativeTextField";
export { NativeButton, type NativeButtonProps } from "./NativeButton";
export { NativeSelect, type NativeSelectProps, type NativeSelectOption } from "./NativeSelect";
export { NativeChoiceField, type NativeChoiceFieldProps, type NativeChoiceItem } from "./NativeChoiceField";
export { NativeRadioGroup, type NativeRadioGroupProps, type NativeRadioOption } from "./NativeRadioGroup";
export { NativeCheckbox, type NativeCheckboxProps } from "./NativeCheckbox";
export {
  toast,
  Toaster,
  TOAST_DURATION,
  MAX_VISIBLE_TOASTS,
  TOAST_SWIPE_THRESHOLD,
  type ToastApi,
  type ToastOptions,
  type ToastType,
  type ToastContent,
} from "./toast";
