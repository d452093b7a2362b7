// `npm test` runs this beside lint and the typecheck: it installs the conformance suite and its
// Node 22 (tools/conformance, about 20 s on a fresh clone) unless they are there, so the unit
// tests' conformance suite, which starts first and runs longest, does not begin with the install.
import { ensureConformanceSuite } from '../tests/conformance/suite.js';

ensureConformanceSuite();
