// Which collector handles which OVAL object type (variable_object is the evaluator's own: it needs variable values).
import { collectFile, collectTextFileContent54 } from './collect-files.ts';
import { collectDpkgInfo, collectRpmInfo } from './collect-packages.ts';
import {
  collectEnvironmentVariable58,
  collectFamily,
  collectInterface,
  collectPartition,
  collectPassword,
  collectShadow,
  collectSymlink,
  collectSysctl,
  collectUname,
} from './collect-system.ts';
import { collectSystemdUnitDependency, collectSystemdUnitProperty } from './collect-systemd.ts';
import type { Collector } from './collect-types.ts';

/** Collectors by "family:object type" (families as in the OVAL namespaces). */
export const COLLECTORS: Record<string, Collector> = {
  'independent:family_object': collectFamily,
  'independent:textfilecontent54_object': collectTextFileContent54,
  'independent:environmentvariable58_object': collectEnvironmentVariable58,
  'unix:file_object': collectFile,
  'unix:uname_object': collectUname,
  'unix:sysctl_object': collectSysctl,
  'unix:password_object': collectPassword,
  'unix:shadow_object': collectShadow,
  'unix:symlink_object': collectSymlink,
  'unix:interface_object': collectInterface,
  'linux:dpkginfo_object': collectDpkgInfo,
  'linux:rpminfo_object': collectRpmInfo,
  'linux:partition_object': collectPartition,
  'linux:systemdunitproperty_object': collectSystemdUnitProperty,
  'linux:systemdunitdependency_object': collectSystemdUnitDependency,
};

/** The object types this engine collects, for the policy library's "supported" column. */
export const SUPPORTED_OBJECT_TYPES = [...Object.keys(COLLECTORS), 'independent:variable_object'].sort();
