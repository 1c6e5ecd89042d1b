import { Box } from '@mantine/core';
import classes from './LoginPage.module.css';

/** Decorative pictures beside the login form on tablets and computers; drawn inline, so nothing is fetched. */
export function Slideshow() {
  return (
    <Box className={classes.slideshow} visibleFrom="md" aria-hidden="true">
      <div className={classes.slide}>
        {/* A car */}
        <svg viewBox="0 0 200 120" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M20 80 L30 52 Q34 42 46 40 L80 36 Q90 24 110 24 L134 24 Q150 24 160 40 L176 46 Q186 50 186 62 L186 80" />
          <path d="M14 80 H42 M78 80 H124 M160 80 H190" />
          <circle cx="60" cy="82" r="16" />
          <circle cx="142" cy="82" r="16" />
          <path d="M86 40 L98 28 M112 40 V26" />
        </svg>
      </div>
      <div className={classes.slide}>
        {/* An inspection report */}
        <svg viewBox="0 0 200 160" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
          <rect x="50" y="16" width="100" height="132" rx="10" />
          <path d="M80 16 V8 H120 V16" />
          <path d="M66 52 l8 8 14-16 M100 54 H134" />
          <path d="M66 88 l8 8 14-16 M100 90 H134" />
          <path d="M66 124 H88 M100 126 H134" />
        </svg>
      </div>
      <div className={classes.slide}>
        {/* A calendar for the next visit */}
        <svg viewBox="0 0 200 160" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
          <rect x="36" y="26" width="128" height="118" rx="12" />
          <path d="M36 58 H164 M70 14 V38 M130 14 V38" />
          <path d="M82 102 l14 14 28-30" />
        </svg>
      </div>
    </Box>
  );
}
