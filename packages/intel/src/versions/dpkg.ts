// Debian version ordering lives in core (the probe's OVAL evaluator compares with it too); intel's modules import it here.
export { compareDpkg, parseDpkgVersion, verrevcmp, type DpkgVersion } from '@bulwark/core';
