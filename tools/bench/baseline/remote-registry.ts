// The baseline has no remotes to register.
export async function initRemotes(): Promise<Record<string, string>> {
  return {};
}
