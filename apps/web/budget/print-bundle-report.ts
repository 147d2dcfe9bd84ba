// `npm run bundle:report -w @coinlens/web`: what the initial JavaScript and the largest lazy chunks are made of.
import { buildBundleReport, describeModules } from './bundle-report';

const report = await buildBundleReport();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
process.stdout.write(
  `Initial JavaScript: ${kib(report.initialGzipBytes)} gzip in ${report.initial.length} files\n`,
);
process.stdout.write(`${describeModules(report.initialModules, 25)}\n\nLargest lazy chunks:\n`);
for (const chunk of report.lazy.slice(0, 8)) {
  process.stdout.write(
    `${chunk.file} ${kib(chunk.gzipBytes)}\n${describeModules(report.lazyModules[chunk.file] ?? [], 5)}\n`,
  );
}
