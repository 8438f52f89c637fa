// Create / update / delete toasts of the entities whose exact wording the spec leaves open (§8), in the spec's style.

export const CRUD_ENTITIES = {
  schedule: 'Schedule',
  scan: 'Scan',
  scan_profile: 'Scan profile',
  host: 'Host',
  network: 'Network',
  ip_range: 'IP range',
  monitoring_profile: 'Monitoring profile',
  web_template: 'Web template',
  email_template: 'Email template',
  phishing_template: 'Phishing template',
  website: 'Website',
  mail_server: 'Mail server',
  tag: 'Tag',
  ticket: 'Ticket',
  export: 'Export',
  scan_authentication: 'Scan authentication',
  rule: 'Rule',
  saved_filter: 'Saved filter',
} as const;
export type CrudEntity = keyof typeof CRUD_ENTITIES;

export interface CrudMessages {
  created: string;
  createFailed: string;
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
}

/** 'Schedule created.', 'Cannot create schedule.', … ('IP range' keeps its capitals in failures). */
export function crudMessages(entity: CrudEntity): CrudMessages {
  const title = CRUD_ENTITIES[entity];
  const lower = /^[A-Z]{2}/.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1);
  return {
    created: `${title} created.`,
    createFailed: `Cannot create ${lower}.`,
    updated: `${title} updated.`,
    updateFailed: `Cannot update ${lower}.`,
    deleted: `${title} deleted.`,
    deleteFailed: `Cannot delete ${lower}.`,
  };
}
