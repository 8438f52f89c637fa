// RPM version ordering lives in core (the probe's OVAL evaluator compares with it too); intel's modules import it here.
export { compareRpm, parseRpmVersion, rpmvercmp, type RpmVersion } from '@bulwark/core';
