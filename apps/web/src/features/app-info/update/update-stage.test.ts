import { describe, expect, it } from 'vitest';

import { updateStage, workerPhase, type UpdateFacts } from './update-stage';

const nothing: UpdateFacts = {
  announced: false,
  worker: null,
  downloadStarted: false,
  accepted: false,
  controllerChanged: false,
  checkFailed: false,
};

describe('update stage from the service worker lifecycle', () => {
  it('is idle with no new worker and no announced release', () => {
    expect(updateStage(nothing)).toBe('idle');
  });

  it('walks found → downloading → download complete → installing → installed', () => {
    expect(updateStage({ ...nothing, worker: 'installing' })).toBe('found');
    expect(updateStage({ ...nothing, worker: 'installing', downloadStarted: true })).toBe('downloading');
    expect(updateStage({ ...nothing, worker: 'installed', downloadStarted: true })).toBe('downloaded');
    const accepted = { ...nothing, downloadStarted: true, accepted: true };
    expect(updateStage({ ...accepted, worker: 'installed' })).toBe('installing');
    expect(updateStage({ ...accepted, worker: 'activating' })).toBe('installing');
    expect(updateStage({ ...accepted, worker: 'activated' })).toBe('installing');
    expect(updateStage({ ...accepted, worker: 'activated', controllerChanged: true })).toBe('installed');
  });

  it('shows a release only version_check announced as found', () => {
    expect(updateStage({ ...nothing, announced: true })).toBe('found');
    expect(updateStage({ ...nothing, announced: true, worker: 'installed' })).toBe('downloaded');
  });

  it('fails when the new worker turns redundant before taking over, or a check the user asked for throws', () => {
    expect(updateStage({ ...nothing, worker: 'redundant', downloadStarted: true })).toBe('failed');
    expect(updateStage({ ...nothing, checkFailed: true })).toBe('failed');
    expect(updateStage({ ...nothing, announced: true, checkFailed: true })).toBe('failed');
  });

  it('says installed once a new worker controls the page, even one another tab accepted', () => {
    expect(updateStage({ ...nothing, worker: 'activated', controllerChanged: true })).toBe('installed');
  });

  it('reads a parsed worker as installing', () => {
    expect(workerPhase('parsed')).toBe('installing');
    expect(workerPhase('installed')).toBe('installed');
  });
});
