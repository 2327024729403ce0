import { Schema } from "effect";
import { paths } from "../paths";
import { request, requestVoid } from "../request";
import { Profile, Token } from "../schemas";

export const login = (username: string, password: string) =>
  request(
    { operation: "login", method: "post", public: true, url: paths.token, body: { json: { username, password } } },
    Token,
  );

/** Signs out the session's token, or `token` when given (one obtained on the side, e.g. by a password check). */
export const logout = (token?: string) =>
  requestVoid({ operation: "logout", method: "post", url: paths.logout, ...(token === undefined ? {} : { token }) });

export const getProfile = () => request({ operation: "getProfile", method: "get", url: paths.profile }, Profile);

export const updatePassword = (id: number, password: string) =>
  request(
    { operation: "updatePassword", method: "put", url: paths.appUser(id), body: { json: { password } } },
    Schema.Unknown,
  );
