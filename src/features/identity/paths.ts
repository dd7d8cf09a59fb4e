/** The app's identity routes (in the URL's hash): sign in, create an account, the account. */
export const IDENTITY_PATHS: readonly string[] = ["/sign-in", "/sign-up", "/account"];
