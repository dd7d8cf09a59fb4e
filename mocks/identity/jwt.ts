/**
 * Unsigned JWTs (`alg: none`), as the Firebase Auth emulator issues them. The SDK
 * only decodes an ID token (expiry, claims); it never verifies the signature, so the
 * fixtures can issue the same shape without a key.
 */
function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(part: string): string {
  const padded = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * Encodes claims as an unsigned JWT.
 *
 * @example
 * const token = unsignedJwt({ sub: "ada", exp: 4102444800 }); // "eyJhbGciOiJub25lIi….eyJzdWIi…."
 */
export function unsignedJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64Url(JSON.stringify(claims))}.`;
}

/**
 * The claims of a JWT (signed or not), or undefined when it is not one.
 *
 * @example
 * jwtClaims(unsignedJwt({ sub: "ada" }))?.sub; // "ada"
 */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split(".")[1];
  if (payload === undefined) return undefined;
  try {
    const claims: unknown = JSON.parse(fromBase64Url(payload));
    return typeof claims === "object" && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
