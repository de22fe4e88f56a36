import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { UserRecord } from '@coldmail/contracts';
import type { UserRecord as FirebaseAccount } from 'firebase-admin/auth';
import { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth-context';
import { FirebaseAuthService } from '../auth/firebase-auth.service';
import { MailerService } from '../messages/mailer.service';
import { UsersService } from '../users/users.service';
import { AdminAccountMail } from '../messages/templates/notices';
import { renderMail } from '../messages/templates/render';

/**
 * Marks a Firebase account this API created for an ADMIN_EMAILS address. Only the Admin SDK can
 * set custom claims, so no one who registers an address can carry it.
 */
const BOOTSTRAP_CLAIM = 'coldmailBootstrapAdmin';

/** The operator, as the audit log names them: they act from a shell, not a signed-in page. */
const OPERATOR: AuthContext = {
  uid: 'operator',
  email: 'operator (command line)',
  name: null,
  emailVerified: false,
  user: null,
};

/** What `admin show` prints of an account, so the operator can tell it is the right one. */
export interface AccountSummary {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  providers: string[];
  createdByBootstrap: boolean;
  role: string | null;
}

export type BootstrapOutcome = 'created' | 'admin' | 'not-ours';

/**
 * Who is Admin. Admin belongs to one Firebase account (its uid), granted by an operator step:
 * `npm run admin -w api -- grant <uid>`, or, to start a fresh deployment, ADMIN_EMAILS, for which
 * the API creates the account itself and mails a password-reset link to the address. Whoever sets
 * that password reads the mailbox; an account someone registered for the address beforehand is
 * never made Admin (they might have registered it with their own password and had the owner
 * verify it).
 */
@Injectable()
export class AdminAccountsService {
  private readonly logger = new Logger(AdminAccountsService.name);

  constructor(
    private readonly firebaseAuth: FirebaseAuthService,
    private readonly users: UsersService,
    private readonly mailer: MailerService,
    private readonly audit: AuditService,
  ) {}

  async show(uidOrEmail: string): Promise<AccountSummary> {
    const account = await this.account(uidOrEmail);
    return {
      uid: account.uid,
      email: account.email ?? null,
      emailVerified: account.emailVerified,
      createdAt: new Date(account.metadata.creationTime).toISOString(),
      lastSignInAt: account.metadata.lastSignInTime
        ? new Date(account.metadata.lastSignInTime).toISOString()
        : null,
      providers: account.providerData.map((provider) => provider.providerId),
      createdByBootstrap: account.customClaims?.[BOOTSTRAP_CLAIM] === true,
      role: await this.users.privileged.roleOfAccount(account.uid),
    };
  }

  /** The operator's grant: to the account with this uid, and only that one. */
  async grant(uid: string): Promise<UserRecord> {
    const account = await this.firebaseAuth.auth.getUser(uid);
    if (!account.email) throw new Error(`Account ${uid} has no e-mail address`);
    const { record, changed } = await this.users.privileged.grantAdmin({
      uid: account.uid,
      email: account.email,
      name: account.displayName ?? null,
    });
    if (changed) await this.recordChange('user.admin.grant', record, 'member', 'Admin');
    return record;
  }

  async revoke(uid: string): Promise<boolean> {
    const account = await this.firebaseAuth.auth.getUser(uid);
    const revoked = await this.users.privileged.revokeAdmin(uid);
    if (revoked) {
      await this.audit.record(OPERATOR, {
        action: 'user.admin.revoke',
        target: { kind: 'user', id: uid, label: account.email ?? uid },
        before: { userRole: 'Admin' },
        after: { userRole: 'member' },
      });
    }
    return revoked;
  }

  /**
   * ADMIN_EMAILS at start-up, for one address: creates its account (verified, with a password
   * nobody knows) and mails the address a link to set one; an account created that way is kept
   * Admin at every start. Several instances may start together: one creates, the others find the
   * claim.
   */
  async bootstrap(email: string): Promise<BootstrapOutcome> {
    let account = await this.findByEmail(email);
    let created = false;
    if (!account) {
      try {
        account = await this.firebaseAuth.auth.createUser({
          email,
          emailVerified: true,
          password: randomBytes(24).toString('base64url'),
        });
        await this.firebaseAuth.auth.setCustomUserClaims(account.uid, { [BOOTSTRAP_CLAIM]: true });
        created = true;
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/email-already-exists') throw error;
        account = await this.findByEmail(email);
        if (!account) throw error;
      }
    }
    if (!created && !isOurs(account)) account = await this.claimSettled(account);
    if (!created && !isOurs(account)) {
      if ((await this.users.privileged.roleOfAccount(account.uid)) === 'Admin') return 'admin';
      this.logger.warn(
        `ADMIN_EMAILS lists ${email}, but its Firebase account (uid ${account.uid}, created ` +
          `${account.metadata.creationTime}) was registered by someone, not created by this API, so ` +
          `it was not made Admin: whoever registered it may not own the address. If it is yours, ` +
          `check with 'npm run admin -w api -- show ${account.uid}', then grant it with ` +
          `'npm run admin -w api -- grant ${account.uid}'.`,
      );
      return 'not-ours';
    }
    const { record, changed } = await this.users.privileged.grantAdmin({ uid: account.uid, email });
    if (changed) await this.recordChange('user.admin.bootstrap', record, null, 'Admin');
    if (created) {
      const link = await this.firebaseAuth.auth.generatePasswordResetLink(email);
      await this.mailer.send(
        renderMail(
          email,
          'Your ColdMail AI admin account',
          AdminAccountMail({ email, link, siteUrl: this.mailer.siteUrl }),
        ),
      );
      this.logger.log(
        `ADMIN_EMAILS: created the admin account for ${email} and mailed it a link to set its password`,
      );
      return 'created';
    }
    return 'admin';
  }

  private async account(uidOrEmail: string): Promise<FirebaseAccount> {
    return uidOrEmail.includes('@')
      ? this.firebaseAuth.auth.getUserByEmail(uidOrEmail.toLowerCase())
      : this.firebaseAuth.auth.getUser(uidOrEmail);
  }

  private async findByEmail(email: string): Promise<FirebaseAccount | null> {
    return this.firebaseAuth.auth.getUserByEmail(email).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    });
  }

  /**
   * An account created in the last minute may be another instance's, between its creation and
   * its claim: read it again for a few seconds before deciding it is not ours.
   */
  private async claimSettled(account: FirebaseAccount): Promise<FirebaseAccount> {
    const age = Date.now() - new Date(account.metadata.creationTime).getTime();
    if (age > 60_000) return account;
    let current = account;
    for (let attempt = 0; attempt < 10 && !isOurs(current); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      current = await this.firebaseAuth.auth.getUser(account.uid);
    }
    return current;
  }

  private async recordChange(
    action: string,
    record: UserRecord,
    before: string | null,
    after: string,
  ): Promise<void> {
    await this.audit.record(OPERATOR, {
      action,
      target: { kind: 'user', id: record._id, label: record.userEmail },
      before: { userRole: before },
      after: { userRole: after },
    });
  }
}

const isOurs = (account: FirebaseAccount) => account.customClaims?.[BOOTSTRAP_CLAIM] === true;
