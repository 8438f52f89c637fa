// Calls of dashboards (platform-core §7 Dashboards): the user's dashboards (list, add, rename, delete, a new default
// one), a dashboard's widgets (list, add, change, remove), one widget with its data, and a preview of a widget's data
// before it is saved.
import {
  dashboard,
  widget,
  widgetData,
  widgetWithData,
  WIDGET_PAGE_SIZE,
  type Dashboard,
  type DashboardInput,
  type Widget,
  type WidgetConfig,
  type WidgetData,
  type WidgetInput,
  type WidgetKind,
  type WidgetWithData,
} from '@bulwark/core';
import { api } from '../../../api/client.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const dashboardList = listAnswer(dashboard);
const widgetPage = pagedAnswer(widget);

export function fetchDashboards(signal?: AbortSignal): Promise<Dashboard[]> {
  return api.get('dashboard/dashboards/', { signal, schema: dashboardList });
}
export function createDashboard(input: DashboardInput): Promise<Dashboard> {
  return api.post('dashboard/dashboards/', input, { schema: dashboard });
}
export function renameDashboard(id: number, name: string): Promise<Dashboard> {
  return api.patch(`dashboard/dashboards/${id}/`, { name }, { schema: dashboard });
}
export function deleteDashboard(id: number): Promise<void> {
  return api.delete(`dashboard/dashboards/${id}/`);
}
/** A new dashboard with the default widgets (the "reset to default"). */
export function createDefaultDashboard(): Promise<Dashboard> {
  return api.post('dashboard-create/', undefined, { schema: dashboard });
}

export function fetchWidgets(dashboardId: number, signal?: AbortSignal): Promise<Paged<Widget>> {
  return api.get('dashboard/widgets/', { query: { dashboard: dashboardId, page_size: WIDGET_PAGE_SIZE }, signal, schema: widgetPage });
}
export function fetchWidget(id: number, signal?: AbortSignal): Promise<WidgetWithData> {
  return api.get(`dashboard/widgets/${id}/`, { signal, schema: widgetWithData });
}
export function createWidget(input: WidgetInput): Promise<Widget> {
  return api.post('dashboard/widgets/', input, { schema: widget });
}
export type WidgetPatch = Partial<Pick<Widget, 'title' | 'width' | 'height' | 'config' | 'display_type' | 'slot'>>;
export function updateWidget(id: number, patch: WidgetPatch): Promise<Widget> {
  return api.patch(`dashboard/widgets/${id}/`, patch, { schema: widget });
}
export function deleteWidget(id: number): Promise<void> {
  return api.delete(`dashboard/widgets/${id}/`);
}
export function previewWidget(kind: WidgetKind, config: WidgetConfig, signal?: AbortSignal): Promise<WidgetData> {
  return api.post('dashboard/widgets/preview/', { kind, config }, { signal, schema: widgetData });
}

export const DASHBOARD_KEYS = {
  all: ['dashboards'] as const,
  list: () => ['dashboards', 'list'] as const,
  widgets: (dashboardId: number) => ['dashboards', 'widgets', dashboardId] as const,
  widget: (id: number) => ['dashboards', 'widget', id] as const,
  preview: (kind: WidgetKind, config: WidgetConfig) => ['dashboards', 'preview', kind, config] as const,
};
