// Every app imports routing from here, never from react-router-dom directly (lint enforces it):
// host and remotes then share exactly one router instance, and the shared bundle carries only
// these exports. Add an export here when a screen needs one.
export {
  BrowserRouter,
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  UNSAFE_RouteContext,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, Location, NavLinkProps, RouteObject } from 'react-router-dom';
