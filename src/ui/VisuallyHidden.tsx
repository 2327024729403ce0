export { VisuallyHidden } from "react-aria-components";
