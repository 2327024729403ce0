/**
 * How the build groups modules into chunks (vite.config.ts, rolldown's codeSplitting groups). Each group names
 * source paths; tests/e2e/chunks.spec.ts checks what matters (the landing's first load, live mode's chunks), so a
 * renamed file that lands in the wrong group fails the browser lane.
 */
/**
 * The light shell every page shares (no react-aria, effect or xstate), and what the entry starts after the first
 * paint (src/entry/start.tsx: boot, router, route tree, landing): one chunk rather than several small ones, since every
 * page loads them all. Route components split by TanStack Router (ids with a `?tsr-split` query) stay apart.
 */
const shellModules =
  /src[\\/](ui[\\/](classes|Link|NativeButton|NativeSelect|NativeFieldParts|Spinner|toast|Card|Details)\.tsx?|features[\\/](layout[\\/](PublicLayout|Brand|SkipLink|Preferences|RootShell|RouteErrorPage)|shell[\\/](?!chunk-load))|theme[\\/](index|useTheme|ThemeSwitcher)|app[\\/](runtime-context|config)|session[\\/](index|store|hooks|guards)|kinds[\\/]ids|api[\\/](kind-ids|base-url)|machines[\\/]roles)/;
const startModules =
  /src[\\/](entry[\\/]start|App|routeTree\.gen)\.tsx?$|src[\\/]app[\\/](boot|router)\.ts$|src[\\/]routes[\\/]|src[\\/]features[\\/]landing[\\/](LandingPage|icons|assets)\.tsx?$|src[\\/]features[\\/]lists[\\/]list-query\.ts$|src[\\/]i18n[\\/]landing-namespaces\.ts$/;

export const chunkGroups = [
  // What the tiny entry (src/entry/main.tsx) needs before the first frame: nothing that pulls in React. The entry
  // folder's helpers belong here whatever their names; its other two entry points, loaded lazily, keep chunks of
  // their own (start.tsx joins the shell below, check-page.ts stays apart for the live check page).
  {
    name: "boot",
    test: /src[\\/](theme[\\/]theme|features[\\/]shell[\\/]chunk-load|i18n[\\/]namespaces|app[\\/](config|api-setup)|kinds[\\/]ids|browser[\\/](local-storage|next-task)|api[\\/](base-url|capabilities|card-validity|card-states|check-call|early-call|paths))\.ts|src[\\/]entry[\\/](?!(main|start|check-page)\.)|src[\\/]features[\\/]check[\\/](check-target|early-check)\.ts|vite[\\/]preload-helper/,
    priority: 30,
  },
  // What the live check page draws its answer with (src/entry/check-page.ts), besides the API layer and the
  // check machine: nothing that pulls in React.
  {
    name: "light",
    test: /node_modules[\\/]i18next[\\/]|src[\\/](ui[\\/](classes|dom|after-paint|routed-link)|i18n[\\/](backend|format)|features[\\/]check[\\/](check-view|check-life)|machines[\\/]card-check-signed|kinds[\\/]ids|api[\\/]kind-ids)\.ts/,
    priority: 25,
  },
  // The signed QR's checker (src/signed: CBOR, COSE, WebCrypto) and the check page's reading of the fragment: asked
  // for by the entry beside the check call when the address carries a signed fragment, and by nothing else early.
  {
    name: "signed",
    test: /src[\\/](signed[\\/][\w-]+|features[\\/]check[\\/]signed-check)\.ts/,
    priority: 22,
  },
  // The API layer (its HTTP client, schemas and calls): one chunk rather than the bundler's five, since a page that
  // talks to the backend needs them all, and the live check page's first load asks for each chunk on a connection of
  // its own (a round trip each on a slow network). Named so the entry evaluates it in a task of its own.
  {
    name: "api",
    test: /node_modules[\\/]ky[\\/]|src[\\/]api[\\/](request|runtime|errors|messages|rows|index|schemas[\\/](?!signed-qr|enum-labels)[\w-]+|endpoints[\\/](?!signed-qr|classroom)[\w-]+)\.ts/,
    priority: 16,
  },
  // The kinds' descriptors and their forms, with the live check page's own modules (src/entry/check-page.ts, the check
  // machine and its view of an answer), which need them: one chunk, evaluated after the API layer's.
  {
    name: "kinds",
    test: /src[\\/](kinds[\\/](index|staff|student|teacher)|forms[\\/](birth-date|cascade|rules|fields|text-chars)|machines[\\/](card-check|card-check-view|reference-data)|entry[\\/]check-page)\.ts/,
    priority: 14,
  },
  // With React DOM's client as an ES module of ours (src/app/react-dom.ts), which the entry evaluates ahead.
  {
    name: "framework",
    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|react-i18next|use-sync-external-store)[\\/]|^\0rolldown[\\/]runtime|src[\\/]app[\\/]react-dom\.ts$/,
    priority: 20,
  },
  // The statecharts' library in a chunk of its own, loaded beside the schemas' (effect) rather than
  // inside it: two downloads side by side paint the check page's answer sooner on a slow network.
  {
    name: "xstate",
    test: /node_modules[\\/]xstate[\\/]/,
    priority: 18,
  },
  // The schemas' library, as the app's other libraries, in a chunk named after it: a prerendered page's entry
  // evaluates these in tasks of their own before the app (src/entry/main.tsx).
  {
    name: "effect",
    test: /node_modules[\\/]effect[\\/]/,
    priority: 17,
  },
  // The demo backend's vendor code (demo mode only): evaluated in a task before the backend's own code.
  {
    name: "mirage",
    test: /node_modules[\\/](miragejs|@miragejs|inflected|lodash|pretender|fake-xml-http-request|route-recognizer|whatwg-fetch)[\\/]/,
    priority: 15,
  },
  // The wizards' controls and the pieces they share with other screens (the result's office contact, the lists'
  // hook): one chunk rather than a dozen of a few hundred bytes each, since every request and every module costs a
  // phone's main thread about as much as a kilobyte of script. Below the shell, so what the shell needs stays in it
  // (a group takes its modules' dependencies along).
  {
    name: "forms",
    test: /src[\\/](ui[\\/](NativeDateField|NativeRadioGroup|NativeCheckbox|NativeChoiceField|ErrorSummary)|features[\\/](forms[\\/]FieldControl|photo[\\/]PhotoField|registration[\\/](ResultPage|receipt)|track[\\/](OfficeContact|office-name))|forms[\\/](submission|image-file|image-header|image-integrity)|browser[\\/]when-idle|app[\\/]reference-data)\.tsx?$/,
    priority: 8,
  },
  // Apart from it, what other screens share with the wizards without their controls: the text field (the sign-in
  // page), the statecharts' React binding and their storage notice (the checker, the session).
  {
    name: "NativeTextField",
    test: /src[\\/]ui[\\/]NativeTextField\.tsx$/,
    priority: 9,
  },
  {
    name: "implementations",
    test: /src[\\/](machines[\\/]implementations|app[\\/]storage-notice)\.tsx?$|node_modules[\\/](@xstate[\\/]react|use-isomorphic-layout-effect)[\\/]/,
    priority: 9,
  },
  {
    name: "shell",
    test: (id: string) => !id.includes("?") && (shellModules.test(id) || startModules.test(id)),
    priority: 10,
  },
];
