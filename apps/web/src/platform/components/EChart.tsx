import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

/** One ECharts chart; ECharts itself is downloaded when the first chart shows. Resizes with the window. */
export function EChart({ option, height = 280, testId }: { option: EChartsCoreOption; height?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption(o: EChartsCoreOption): void; resize(): void; dispose(): void } | undefined;
    const onResize = () => chart?.resize();
    void import('./echarts-setup').then(({ echarts }) => {
      if (disposed || !ref.current) return;
      chart = echarts.init(ref.current);
      chart.setOption(option);
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={ref} style={{ width: '100%', height }} data-testid={testId} />;
}
