import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* waits up to 5 s, not 1: a lazy dialog or page is compiled (swc) on its first
// import, and on a fresh clone's cold cache with three workers on two cores that alone took
// over a second (packages-page's Make Enquiries dialog, a fresh-clone run). A failure only
// takes longer to report; nothing that appears waits longer.
configure({ asyncUtilTimeout: 5_000 });
