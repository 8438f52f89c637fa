// The root component: providers around the router.
import { RouterProvider } from 'react-router';
import { router } from '../app/router.tsx';
import { Providers } from './Providers.tsx';

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
