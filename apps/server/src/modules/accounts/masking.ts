/** "jo***@example.com": enough to recognise one's own address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const visible = [...local].slice(0, local.length > 2 ? 2 : 1).join('');
  return `${visible}***${email.slice(at)}`;
}

/** 203.0.113.* or 2001:db8:*: the network, not the host. */
export function maskIp(ip: string): string {
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.*`;
  const groups = mapped.split(':').filter(Boolean);
  return groups.length > 0 ? `${groups.slice(0, 2).join(':')}:*` : '*';
}
