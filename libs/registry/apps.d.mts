export type RemoteName = 'marketing' | 'checkout' | 'account' | 'admin' | 'generator';
export type AppName = RemoteName | 'shell' | 'api';
export interface App {
  name: AppName;
  kind: 'host' | 'remote' | 'api';
  dir: string;
  port: number;
  portEnv: string;
}
export declare const apps: readonly App[];
export declare const remoteNames: readonly RemoteName[];
export declare const webAppDirs: Record<'shell' | RemoteName, string>;
export declare function appOf(name: AppName): App;
export declare function portOf(name: AppName, env?: NodeJS.ProcessEnv): number;
