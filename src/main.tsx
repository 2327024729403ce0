import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { boot } from "./app/boot";
import { AppErrorFallback } from "./features/shell/AppErrorFallback";
import { LoadingScreen } from "./features/shell/LoadingScreen";
import { installChunkErrorReload } from "./features/shell/chunk-load";
import { applyStoredTheme } from "./theme";

applyStoredTheme();
installChunkErrorReload();
const container = document.getElementById("root");
if (container) {
  const root = createRoot(container);
  root.render(<LoadingScreen />);
  boot()
    .then((booted) =>
      root.render(
        <StrictMode>
          <App {...booted} />
        </StrictMode>,
      ),
    )
    .catch((error: unknown) => root.render(<AppErrorFallback error={error} />));
}
