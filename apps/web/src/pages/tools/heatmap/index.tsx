import { Heatmap } from '@/features/heatmap/Heatmap';

/** The market heatmap (issue 25, `paths.heatmap`), opened from the Me tab and the Markets tab. */
export default function HeatmapPage() {
  return (
    <div data-testid="page-heatmap">
      <Heatmap />
    </div>
  );
}
