// The baseline has no remotes to register.
export async function initRemotes(): Promise<Record<string, string>> {
  return {};
}

// Nor any remote file an error could come from.
export function remoteFileOf(): null {
  return null;
}
