import { paths } from "../paths";
import { request, requestFile } from "../request";
import { Stats } from "../schemas";

export const getStats = () => request({ operation: "getStats", method: "get", url: paths.stats }, Stats);

export const exportAllCards = () => requestFile({ operation: "exportCards", method: "get", url: paths.exportAll });
