export * from "./enums";
export * from "./common";
export * from "./identity";
export * from "./reference";
export * from "./demand";
export * from "./card";
export * from "./tracking";
export * from "./lifecycle";
