/** Contract of src/api/endpoints/session.ts: sign-in (and its failures), sign-out, profile, password, 401. */
import { HTTPResponseStatusClass, MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError, getProfile, login, logout, paths, updatePassword } from "../../src/api";
import * as fx from "../fixtures/entities";
import {
  ADMIN,
  JSON_ANSWER,
  JSON_REQUEST,
  adminSignedIn,
  bearer,
  newPact,
  rejectionOf,
  state,
  useApi,
} from "./support/pact";

const pact = newPact("session");
const credentials = { username: "admin", password: "Admin@2026" };

describe("session", () => {
  it("signs in with a username and password and gets an access token", async () => {
    await pact
      .interaction(state("userWithPassword", credentials))
      .uponReceiving("a sign-in with valid credentials")
      .withRequest("POST", paths.token, (b) =>
        b
          .headers(JSON_REQUEST)
          .jsonBody({ username: M.like(credentials.username), password: M.like(credentials.password) }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_ANSWER).jsonBody({ access: M.like(fx.token.access) }))
      .executeTest(async (server) => {
        useApi(server.url, null);
        const token = await login(credentials.username, credentials.password);
        expect(token.access).toEqual(expect.any(String));
      });
  });

  it("is refused with 401 and a detail: NotValid (wrong username or password)", async () => {
    await pact
      .interaction(state("noUser", { username: "nobody.here" }))
      .uponReceiving("a sign-in with unknown credentials")
      .withRequest("POST", paths.token, (b) =>
        b.headers(JSON_REQUEST).jsonBody({ username: M.like("nobody.here"), password: M.like("Wrong-Passw0rd") }),
      )
      .willRespondWith(401, (b) =>
        b.headers(JSON_ANSWER).jsonBody({ detail: M.like("No active account found with the given credentials") }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(login("nobody.here", "Wrong-Passw0rd"));
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).kind).toBe("notValid");
      });
  });

  it("reports a 502 of the gateway as BadGateway", async () => {
    await pact
      .interaction(state("gatewayDown"))
      .uponReceiving("a sign-in while the gateway answers 502")
      .withRequest("POST", paths.token, (b) =>
        b
          .headers(JSON_REQUEST)
          .jsonBody({ username: M.like(credentials.username), password: M.like(credentials.password) }),
      )
      .willRespondWith(502)
      .executeTest(async (server) => {
        useApi(server.url, null);
        const error = await rejectionOf(login(credentials.username, credentials.password));
        expect((error as ApiError).kind).toBe("badGateway");
        expect((error as ApiError).status).toBe(502);
      });
  });

  it("signs out with the token", async () => {
    await pact
      .interaction(adminSignedIn)
      .uponReceiving("a sign-out")
      .withRequest("POST", paths.logout, (b) => b.headers(bearer()))
      .willRespondWith(M.matchStatus(200, HTTPResponseStatusClass.Success))
      .executeTest(async (server) => {
        useApi(server.url);
        await expect(logout()).resolves.toBeUndefined();
      });
  });

  it("reads the signed-in user's profile with its groups (roles)", async () => {
    await pact
      .interaction(adminSignedIn)
      .uponReceiving("a request for the profile")
      .withRequest("GET", paths.profile, (b) => b.headers(bearer()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          id: M.integer(ADMIN.id),
          username: M.like(fx.profile.username),
          email: M.like(fx.profile.email),
          first_name: M.like(fx.profile.first_name),
          last_name: M.like(fx.profile.last_name),
          groups: M.eachLike({ name: M.like("Admin") }),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url);
        const profile = await getProfile();
        expect(profile.groups.map((g) => g.name)).toContain("Admin");
      });
  });

  it("changes the signed-in user's password", async () => {
    await pact
      .interaction(adminSignedIn)
      .uponReceiving("a password update of the signed-in user")
      .withRequest("PUT", paths.appUser(ADMIN.id), (b) =>
        b.headers({ ...bearer(), ...JSON_REQUEST }).jsonBody({ password: M.like("N3w-Passw0rd") }),
      )
      .willRespondWith(M.matchStatus(200, HTTPResponseStatusClass.Success))
      .executeTest(async (server) => {
        useApi(server.url);
        await expect(updatePassword(ADMIN.id, "N3w-Passw0rd")).resolves.not.toThrow();
      });
  });

  it("treats 401 on a protected call as the end of the session", async () => {
    const expired = "expired-contract-token";
    await pact
      .interaction(state("noSession", { token: expired }))
      .uponReceiving("a protected call with an expired token")
      .withRequest("GET", paths.profile, (b) => b.headers(bearer(expired)))
      .willRespondWith(401, (b) => b.headers(JSON_ANSWER))
      .executeTest(async (server) => {
        const { onUnauthorized } = useApi(server.url, expired);
        const error = await rejectionOf(getProfile());
        expect((error as ApiError).kind).toBe("unauthorized");
        expect(onUnauthorized).toHaveBeenCalledOnce();
      });
  });
});
