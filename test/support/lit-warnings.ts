/** Lit dev-mode warnings seen in this page, shared by the setup file and the rig's own test. */
declare global {
  var chatBotLitWarnings: string[] | undefined;
}

/** The live list (kept on globalThis: setup files and tests may hold separate module instances). */
export function litWarnings(): string[] {
  return (globalThis.chatBotLitWarnings ??= []);
}

/** The warnings since the last call. */
export function takeLitWarnings(): string[] {
  return litWarnings().splice(0);
}
