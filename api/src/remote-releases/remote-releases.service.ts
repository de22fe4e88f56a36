import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type {
  RemoteReleaseReport,
  RemoteReleaseRow,
  RemoteReleaseStatus,
} from '@coldmail/contracts';
import { trusted, type Model } from 'mongoose';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { RemoteRelease } from './schemas/remote-release.schema';

/** The back office's table shows this many releases, the latest reported first. */
const LISTED = 100;

type Remote = RemoteReleaseStatus['remote'];

/**
 * The releases' reports, counted in the database so that every API instance counts into the
 * same figures and stops a failing canary once, for all of them.
 */
@Injectable()
export class RemoteReleasesService {
  constructor(
    @InjectModel(RemoteRelease.name) private readonly releases: Model<RemoteRelease>,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /**
   * Counts one report in a single upsert, and stops the release when, with it counted, its
   * failures pass the limit. The decision reads the figures that this report's own update
   * returned, so concurrent reports each see a state that existed; the stop itself only matches
   * a release still running, so it is written once and nothing ever starts a release again.
   * Two first reports of a release at once both count: MongoDB retries an upsert on `_id` that
   * lost the insert to another.
   */
  async report({
    remote,
    release,
    outcome,
    reason,
  }: RemoteReleaseReport): Promise<RemoteReleaseStatus> {
    const now = new Date();
    const failed = outcome === 'failed';
    const _id = `${remote}:${release}`;
    // Both counts in $inc (one by 0), so a new release's document starts with both.
    const counted = await this.releases
      .findOneAndUpdate(
        { _id },
        {
          $inc: { loaded: failed ? 0 : 1, failed: failed ? 1 : 0 },
          $set: { lastReportAt: now, ...(failed ? { lastFailure: reason || null } : {}) },
          $setOnInsert: { remote, release, firstReportAt: now },
        },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<RemoteRelease>();
    if (!counted) throw new Error(`The report on ${_id} was not stored`);
    if (counted.halted || !failed || !this.failing(counted)) {
      return { remote, release, halted: counted.halted };
    }
    await this.releases.updateOne(
      { _id, halted: trusted({ $ne: true }) },
      { $set: { halted: true, haltedAt: now } },
    );
    return { remote, release, halted: true };
  }

  async status(remote: Remote, release: string): Promise<RemoteReleaseStatus> {
    const found = await this.releases
      .findById(`${remote}:${release}`)
      .select({ _id: 0, halted: 1 })
      .lean<Pick<RemoteRelease, 'halted'>>();
    return { remote, release, halted: found?.halted ?? false };
  }

  async list(): Promise<RemoteReleaseRow[]> {
    const found = await this.releases
      .find()
      .sort({ lastReportAt: -1, _id: 1 })
      .limit(LISTED)
      .lean<RemoteRelease[]>();
    return found.map((stored) => ({
      remote: stored.remote as Remote,
      release: stored.release,
      halted: stored.halted,
      loaded: stored.loaded,
      failed: stored.failed,
      firstReportAt: stored.firstReportAt.toISOString(),
      lastReportAt: stored.lastReportAt.toISOString(),
      haltedAt: stored.haltedAt?.toISOString() ?? null,
      lastFailure: stored.lastFailure ?? null,
    }));
  }

  /** At least the minimum of failures, and more than the allowed share of what was reported. */
  private failing({ loaded, failed }: Pick<RemoteRelease, 'loaded' | 'failed'>): boolean {
    const { minFailures, maxFailureRate } = this.config.remoteReleases;
    return failed >= minFailures && failed / (loaded + failed) > maxFailureRate;
  }
}
