import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { App, applicationDefault, cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { Auth, DecodedIdToken, getAuth } from 'firebase-admin/auth';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { VerifiedTokenCache } from './verified-token-cache';

/** How long a reachability probe of the emulator is trusted by the health check. */
const PROBE_TTL_MS = 5000;

/**
 * The one place that talks to Firebase Auth (firebase-admin): verifies ID tokens, and lets the
 * dev seed create accounts on the emulator.
 */
@Injectable()
export class FirebaseAuthService implements OnModuleDestroy {
  private readonly logger = new Logger(FirebaseAuthService.name);
  private readonly app: App;
  readonly auth: Auth;
  private readonly cache = new VerifiedTokenCache();
  /** Revocation checks under way, by token: requests arriving meanwhile share the answer. */
  private readonly checking = new Map<string, Promise<DecodedIdToken>>();
  private probe: { at: number; up: Promise<boolean> } | null = null;
  private deleting: Promise<void> | undefined;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    const { firebase } = config;
    // firebase-admin only learns about the emulator from this variable. It is also deleted when
    // the emulator is not configured, so a stray value can never make us accept unsigned tokens.
    if (firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.emulatorHost;
    else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

    const credential =
      firebase.credentials.kind === 'service-account'
        ? cert(firebase.credentials.json)
        : firebase.emulatorHost
          ? undefined
          : applicationDefault();
    // A unique name: tests run several API instances in one process.
    this.app = initializeApp(
      {
        ...(firebase.projectId ? { projectId: firebase.projectId } : {}),
        ...(credential ? { credential } : {}),
      },
      `api-${randomUUID()}`,
    );
    this.auth = getAuth(this.app);
    const project = firebase.projectId ?? 'from Google Cloud';
    this.logger.log(
      firebase.emulatorHost
        ? `Auth: Firebase Auth emulator at ${firebase.emulatorHost} (project ${project})`
        : `Auth: Firebase project ${project}`,
    );
  }

  get usesEmulator(): boolean {
    return this.config.firebase.emulatorHost !== null;
  }

  /**
   * Resolves to the token's claims, or rejects when it is invalid or expired. With
   * `checkRevoked`, Firebase is asked whether the session was revoked or the account disabled
   * since (a round trip, for admins and sensitive actions): by every request, except that the
   * requests with one token that arrive while its check is under way share that check's answer.
   * A revocation is then seen by every request that starts after it plus one round trip, never
   * later (no answer is kept once given); an admin's page, whose reads go out together, costs
   * Firebase one round trip instead of one per read (`npm run bench:api`, the admin orders).
   */
  async verifyIdToken(token: string, checkRevoked = false): Promise<DecodedIdToken> {
    if (checkRevoked) {
      let check = this.checking.get(token);
      if (!check) {
        check = this.auth.verifyIdToken(token, true).finally(() => this.checking.delete(token));
        this.checking.set(token, check);
      }
      return check;
    }
    const cached = this.cache.get(token);
    if (cached) return cached;
    const decoded = await this.auth.verifyIdToken(token);
    this.cache.set(token, decoded);
    return decoded;
  }

  /**
   * A deleted user's account: disabled (it can no longer sign in or refresh its token) and its
   * sessions revoked. The account is found by uid, or by address for a record never bound to one.
   * Resolves to false when Firebase has no such account.
   */
  async disableAccount(account: { uid?: string; email: string }): Promise<boolean> {
    const uid =
      account.uid ??
      (await this.auth.getUserByEmail(account.email).then(
        (user) => user.uid,
        () => undefined,
      ));
    if (!uid) return false;
    try {
      await this.auth.updateUser(uid, { disabled: true });
      await this.auth.revokeRefreshTokens(uid);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return false;
      throw error;
    }
  }

  /**
   * An account its owner deleted: removed from Firebase, so its address may register again (as
   * a new account, with a new uid). Resolves to false when Firebase has no such account.
   */
  async deleteAccount(uid: string): Promise<boolean> {
    try {
      await this.auth.deleteUser(uid);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return false;
      throw error;
    }
  }

  /** Emulator: answers its ready endpoint (cached briefly). Real Firebase: the SDK is set up. */
  async isReachable(): Promise<boolean> {
    const host = this.config.firebase.emulatorHost;
    if (!host) return true;
    if (!this.probe || Date.now() - this.probe.at >= PROBE_TTL_MS) {
      // Concurrent health checks share one probe.
      const up = fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) }).then(
        (response) => response.ok,
        () => false,
      );
      this.probe = { at: Date.now(), up };
    }
    return this.probe.up;
  }

  async onModuleDestroy(): Promise<void> {
    // Once: the app may be closed again (a test closing what a shutdown already closed).
    this.deleting ??= deleteApp(this.app);
    await this.deleting;
  }
}
