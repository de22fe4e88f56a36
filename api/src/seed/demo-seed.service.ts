import { Injectable, Logger } from '@nestjs/common';
import type { UserRole } from '@coldmail/contracts';
import { FirebaseAuthService } from '../auth/firebase-auth.service';
import { CreditsService } from '../credits/credits.service';
import { GeminiKeysService, LOCAL_DOUBLE_KEY_NAME } from '../gemini-keys/gemini-keys.service';
import { ItemsService } from '../items/items.service';
import { PackagesService } from '../packages/packages.service';
import { UsersService } from '../users/users.service';
import { DEMO_ITEMS, DEMO_PACKAGES } from './demo-catalogue';

/** Development-only accounts; they exist only on the local Auth emulator. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  password: string;
  userName: string;
  userRole: UserRole;
  currentBalance: number;
}> = [
  {
    email: 'admin@coldmail.test',
    password: 'admin-dev-only',
    userName: 'Demo Admin',
    userRole: 'Admin',
    currentBalance: 0,
  },
  {
    email: 'buyer@coldmail.test',
    password: 'buyer-dev-only',
    userName: 'Demo Buyer',
    userRole: 'member',
    currentBalance: 10,
  },
  {
    email: 'seller@coldmail.test',
    password: 'seller-dev-only',
    userName: 'Demo Seller',
    userRole: 'Seller',
    currentBalance: 0,
  },
];

const RETRY_FOR_MS = 90_000;
const RETRY_EVERY_MS = 2000;

/**
 * Puts the demo admin, buyer and seller on the Auth emulator and in the database, so a fresh
 * checkout can sign in at once, demo packages and items in a store that has none, and a key for
 * the local Gemini double when the API talks to one.
 * Idempotent: existing accounts, records, packages and items are left alone, so it runs at every
 * start-up (the emulator forgets its accounts when it stops).
 */
@Injectable()
export class DemoSeedService {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    private readonly firebaseAuth: FirebaseAuthService,
    private readonly users: UsersService,
    private readonly credits: CreditsService,
    private readonly packages: PackagesService,
    private readonly items: ItemsService,
    private readonly geminiKeys: GeminiKeysService,
  ) {}

  /** Retries while the emulator is still starting (npm start starts it next to the API). */
  async run(): Promise<void> {
    if (!this.firebaseAuth.usesEmulator) {
      this.logger.warn('Demo data not seeded: it is only created on the Auth emulator');
      return;
    }
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      try {
        await this.seed();
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          const reason = error instanceof Error ? error.message : String(error);
          this.logger.error(`Demo data could not be seeded: ${reason}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
      }
    }
  }

  private async seed(): Promise<void> {
    if (await this.packages.seedIfEmpty(DEMO_PACKAGES)) this.logger.log('Demo packages added');
    if (await this.items.seedIfEmpty(DEMO_ITEMS)) this.logger.log('Demo items added');
    // Only when GEMINI_API_BASE is the local double (npm start sets it) and no key exists yet.
    if (await this.geminiKeys.addLocalDoubleKey()) {
      this.logger.log(`Gemini key '${LOCAL_DOUBLE_KEY_NAME}' added for the local Gemini double`);
    }
    // Items have no list page in the product yet: print where a demo buyer finds them.
    const items = await this.items.list();
    if (items.length > 0) {
      const links = items.map((item) => `  ${item.name}: /premium/${item.slug}/${item._id}`);
      this.logger.log(`Digital items (open on the shell):\n${links.join('\n')}`);
    }
    let created = false;
    for (const account of DEMO_ACCOUNTS) {
      let uid = await this.firebaseAuth.auth.getUserByEmail(account.email).then(
        (user) => user.uid,
        (error: { code?: string }) => {
          if (error.code === 'auth/user-not-found') return null;
          throw error;
        },
      );
      if (!uid) {
        ({ uid } = await this.firebaseAuth.auth.createUser({
          email: account.email,
          password: account.password,
          displayName: account.userName,
          // Demo accounts stand for people who opened their verification link long ago.
          emailVerified: true,
        }));
        created = true;
      }
      if (await this.users.ensureSeeded({ ...account, firebaseUid: uid })) created = true;
      if (account.currentBalance > 0) await this.seedBalance(account);
    }
    if (created) {
      const lines = DEMO_ACCOUNTS.map(
        (account) => `  ${account.userRole.padEnd(7)} ${account.email} / ${account.password}`,
      );
      this.logger.log(`Demo accounts (development only):\n${lines.join('\n')}`);
    }
  }

  /**
   * The starting balance as an admin-adjustment from 0 by the seed, not a purchase: no order or
   * payment exists, and an adjustment records who (nobody), from what and to what. Its
   * reference is the account's address, so seeding at every start-up gives it once, even after
   * the demo buyer has spent or bought credits.
   */
  private async seedBalance(account: (typeof DEMO_ACCOUNTS)[number]): Promise<void> {
    const outcome = await this.credits.seedDemoBalance(account.email, account.currentBalance);
    if (outcome === 'conflict') {
      this.logger.warn(`${account.email} already has a balance: its demo credits were not added`);
    }
  }
}
