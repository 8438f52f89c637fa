// The legacy asset routes lead to their new place: web applications (list, view/{id}, edit/{id}) and devices are
// assets of the unified inventory, so the list opens filtered to their category and an item opens the asset page.
import { Navigate, useLocation, useParams } from 'react-router';

export default function LegacyAssetRedirect() {
  const { pathname } = useLocation();
  const { id, uid } = useParams();
  const item = id ?? uid;
  if (item && /^[0-9]+$/.test(item)) return <Navigate to={`/assets/unified-assets/view/${item}`} replace />;
  const category = pathname.startsWith('/assets/web-applications') ? 'web_applications' : 'systems_and_networks';
  return <Navigate to={`/assets/unified-assets?category=${category}`} replace />;
}
