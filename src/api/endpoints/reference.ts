import { paths } from "../paths";
import { request } from "../request";
import { referenceLists, type ReferenceData, type ReferenceName } from "../schemas";

export const getReferenceList = <N extends ReferenceName>(name: N): Promise<ReferenceData[N]> =>
  request(
    { operation: "getReference", method: "get", public: true, url: paths.reference(name), searchParams: { no_pagination: "true" } },
    referenceLists[name],
  ) as Promise<ReferenceData[N]>;
