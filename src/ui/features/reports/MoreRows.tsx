// Issue 27: the button below a paged report's rows; it loads the next page, by itself once it scrolls into view.
import { Button, Center } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { REPORT_OWN } from '../../../domain/texts/reports';

/** The button below a paged table: it loads the next page, by itself once it scrolls into view. */
export function MoreRows({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  return (
    <Center className="rp-noprint">
      <Button ref={ref} variant="subtle" loading={loading} onClick={onMore} data-testid="report-more">
        {REPORT_OWN.loadMore}
      </Button>
    </Center>
  );
}
