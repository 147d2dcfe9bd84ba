/** A tape for the audit's tests whose sides persist and whose flow moves the price, like the real ones. */
export function auditTape(count: number): string {
  let price = 100;
  let side = 'buy';
  const lines = ['timestamp_ms,price,amount,side'];
  for (let index = 0; index < count; index++) {
    if (index % 7 === 0) side = side === 'buy' ? 'sell' : 'buy';
    price *= side === 'buy' ? 1.0002 : 0.9998;
    lines.push(`${1_000 * index},${price.toFixed(4)},${(0.1 + (index % 13) * 0.37).toFixed(4)},${side}`);
  }
  return `${lines.join('\n')}\n`;
}
