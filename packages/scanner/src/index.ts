// @bulwark/scanner: network, web, policy and cloud scan engines and the remote probe. Built by the scan-engine issue.
export const SCANNER_PACKAGE = '@bulwark/scanner';
