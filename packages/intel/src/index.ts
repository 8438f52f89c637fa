// @bulwark/intel: vulnerability intelligence (feeds, CPE and version matching, risk score). Built by the intelligence issue.
export const INTEL_PACKAGE = '@bulwark/intel';
