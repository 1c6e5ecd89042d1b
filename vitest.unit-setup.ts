import { configure } from '@testing-library/dom';

// findBy* and waitFor give up after 1 s by default. A Mantine modal's transition, or a canvas
// decoded in jsdom, takes a few milliseconds alone but several seconds on two cores shared with the
// other CI streams: a slow machine is not a failure, a missing element still is (well before the
// 20 s test time-out).
configure({ asyncUtilTimeout: 8_000 });
