/** The spec: the users screen's success and error messages clear after 3 s. */
export const USERS_MESSAGE_MS = 3000;
