export { LoadingScreen, LOADING_TEXTS, LOADING_INTERVAL } from "./LoadingScreen";
export { NotFoundPage, type NotFoundPageProps } from "./NotFoundPage";
export { ErrorPage, type ErrorPageProps } from "./ErrorPage";
export { AppErrorFallback } from "./AppErrorFallback";
export { OfflineBanner, BACK_ONLINE_DURATION } from "./OfflineBanner";
export { isChunkLoadError, reloadOnceForChunkError, installChunkErrorReload } from "./chunk-load";
