/** What a caller without a usable `DeviceId` header is stored as. */
export const NO_DEVICE = '-';

/** The caller's device id as stored (sessions, email codes): missing or over-long ids become NO_DEVICE. */
export function boundDevice(deviceId: string | null): string {
  return deviceId && deviceId.length <= 128 ? deviceId : NO_DEVICE;
}
