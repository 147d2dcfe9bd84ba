import { Converter } from '@/features/converter/Converter';

/** The converter (issue 25, `paths.converter`), opened from the Me tab. */
export default function ConverterPage() {
  return (
    <div data-testid="page-converter">
      <Converter />
    </div>
  );
}
